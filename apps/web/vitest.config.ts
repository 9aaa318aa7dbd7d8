import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Pure unit tests of the web's own logic (src/**/*.spec.ts): no browser, no server. The
// journeys through the pages are the Playwright specs in e2e/.
export default defineConfig({
  // the dictionaries import the i18n provider (a .tsx client component)
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: { include: ['src/**/*.spec.ts', 'src/**/*.spec.tsx'], environment: 'node' },
});
