import { defineConfig } from 'vitest/config';

// Integration tests against the real Postgres (DATABASE_URL's server, default 127.0.0.1:5432).
// Each test file creates and drops its own throwaway database.
export default defineConfig({
  test: {
    include: ['test/**/*.spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
