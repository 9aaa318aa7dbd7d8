import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// test/*.e2e.spec.ts start the built API (apps/api/dist) on the test database and call it
// through the SDK; `@amms/sdk` is this package's source, as in the README's examples.
export default defineConfig({
  resolve: { alias: { '@amms/sdk': fileURLToPath(new URL('./src/index.ts', import.meta.url)) } },
  test: {
    include: ['test/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
