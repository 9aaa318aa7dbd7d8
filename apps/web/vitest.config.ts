import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Pure unit tests of the web's own logic (src/**/*.spec.ts): no browser, no server. The
// journeys through the pages are the Playwright specs in e2e/. `server-only` is Next's guard
// against importing server code into the browser bundle; here everything runs on node.
export default defineConfig({
  // components are rendered to HTML in some specs (react-dom/server): JSX compiled for React 19
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: {
    alias: {
      '@/': fileURLToPath(new URL('./src/', import.meta.url)),
      'server-only': fileURLToPath(new URL('./src/test/server-only.ts', import.meta.url)),
    },
  },
  test: { include: ['src/**/*.spec.ts'], environment: 'node' },
});
