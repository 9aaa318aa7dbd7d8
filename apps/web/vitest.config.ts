import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// src/**/*.spec.ts: pure unit tests of the web's own logic. test/**/*.spec.ts: the BFF route
// handlers (login, logout, proxy, refresh) called with real Requests against the real, built API
// (apps/api/dist, started per file on a free port with the test database and Redis). The journeys
// through the pages are the Playwright specs in e2e/.
export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Next's bundler resolves this marker to an empty module on the server; so do we
      'server-only': fileURLToPath(new URL('../../node_modules/next/dist/compiled/server-only/empty.js', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
