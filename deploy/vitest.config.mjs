import { defineConfig } from 'vitest/config';

// compiling the Compose schema and loading the Kubernetes validators takes seconds on a busy machine; the
// backup test's setup creates and migrates a database (PostGIS included): over 10 s at load ~9 (a CI run
// failed on the default hook timeout)
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 120_000 } });
