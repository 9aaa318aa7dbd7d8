import { defineConfig } from 'vitest/config';

// compiling the Compose schema and loading the Kubernetes validators takes seconds on a busy machine
export default defineConfig({ test: { testTimeout: 60_000 } });
