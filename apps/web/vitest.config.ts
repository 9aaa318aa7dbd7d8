import { defineConfig } from 'vitest/config';

// Pure unit tests of the web's own logic (src/**/*.spec.ts): no browser, no server. The
// journeys through the pages are the Playwright specs in e2e/.
export default defineConfig({
  test: { include: ['src/**/*.spec.ts'], environment: 'node' },
});
