import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// src/**/*.spec.ts: pure unit tests of the web's own logic (some render components to HTML with
// react-dom/server). test/**/*.spec.ts: the BFF route handlers (login, logout, proxy, refresh)
// called with real Requests against the real, built API (apps/api/dist, started per file on a free
// port with the test database and Redis). The journeys through the pages are the Playwright specs
// in e2e/. `server-only` is Next's guard against importing server code into the browser bundle.
export default defineConfig({
  // components are rendered to HTML in some specs (react-dom/server): JSX compiled for React 19
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: {
    alias: {
      '@/': fileURLToPath(new URL('./src/', import.meta.url)),
      'server-only': fileURLToPath(new URL('./src/test/server-only.ts', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.spec.ts', 'src/**/*.spec.tsx', 'test/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
