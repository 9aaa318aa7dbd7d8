import { defineConfig } from 'vitest/config';

// Unit tests sit next to the code (src/**/*.spec.ts); API e2e tests boot the real app
// against the real Postgres (amms_test) and Redis (db 1) and live in test/.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        // property tests schedule hundreds of instances: a loaded CI machine needs more than the 5 s
        // default (speed is measured by `npm run bench:scheduler`, not by test timeouts)
        test: { name: 'unit', include: ['src/**/*.spec.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['test/**/*.e2e.spec.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
          // runs after the unit project (projects with different maxWorkers need distinct groups)
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
