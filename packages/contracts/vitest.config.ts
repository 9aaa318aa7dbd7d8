import { defineConfig } from 'vitest/config';

// Pure unit tests of the shared contracts (permission table, schemas): no database, no network.
export default defineConfig({
  test: { include: ['src/**/*.spec.ts'], environment: 'node' },
});
