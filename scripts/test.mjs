// `npm test`: install if needed → check services → build → migration drift gate → lint →
// typecheck → dependency cycles → OpenAPI document → unit + integration + API e2e (vitest) → browser e2e (Playwright).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureInstalled, log, requireServices, run } from './lib.mjs';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/amms_test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1';
const tmp = path.join(ROOT, '.e2e-tmp');
mkdirSync(tmp, { recursive: true });
const env = {
  DATABASE_URL,
  REDIS_URL,
  TEST_DATABASE_URL: DATABASE_URL,
  TEST_REDIS_URL: REDIS_URL,
  TURBO_TELEMETRY_DISABLED: '1',
  NEXT_TELEMETRY_DISABLED: '1',
};
const only = process.argv[2]; // e.g. `npm test -- e2e` runs that step and what it needs

const steps = [
  ['build', () => run('build', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { env })],
  [
    'db',
    () =>
      // from empty every run: CI reuses the machine's Postgres, and an earlier run's rows must not decide this one
      run('test databases: drop and create empty', 'node', ['packages/db/dist/migrator/cli.js', 'reset-test'], {
        env,
      }) + run('migrate', 'node', ['packages/db/dist/migrator/cli.js', 'migrate'], { env }),
  ],
  [
    'drift',
    () => run('migration drift gate (db:check)', 'node', ['packages/db/dist/migrator/cli.js', 'check'], { env }),
  ],
  [
    'format',
    () =>
      run(
        'formatting (Prettier: npm run format to fix)',
        'npx',
        ['prettier', '--check', '--log-level=warn', '**/*.{ts,tsx,js,mjs,cjs,css}'],
        { env },
      ),
  ],
  ['lint', () => run('lint', 'npx', ['turbo', 'run', 'lint', '--output-logs=errors-only'], { env })],
  ['typecheck', () => run('typecheck', 'npx', ['turbo', 'run', 'typecheck', '--output-logs=errors-only'], { env })],
  ['cycles', () => run('dependency cycles', 'node', ['scripts/check-cycles.mjs'], { env })],
  // the OpenAPI document: regenerated, valid for swagger-parser and redocly (recommended), and the
  // committed apps/api/openapi.json + SDK types (packages/sdk) not stale
  [
    'openapi',
    () =>
      run('OpenAPI document + SDK types (scripts/check-openapi.mjs)', 'node', ['scripts/check-openapi.mjs'], { env }),
  ],
  [
    'scripts',
    () =>
      run(
        'tests of the npm test runner and the probe manuals (node --test)',
        'node',
        ['--test', 'scripts/test-steps.test.mjs', 'scripts/check-cycles.test.mjs', 'scripts/probe-manual.test.mjs'],
        { env },
      ),
  ],
  [
    'deploy',
    () =>
      run('deployment files (Dockerfile, compose, Kubernetes schemas)', 'npm', ['run', 'check', '-w', '@amms/deploy'], {
        env,
      }),
  ],
  [
    'unit',
    () =>
      ['@amms/contracts', '@amms/db', '@amms/deploy', '@amms/web', '@amms/api', '@amms/sdk'].reduce(
        (s, w) => s + run(`tests ${w}`, 'npm', ['run', 'test', '-w', w], { env: { ...env, CI: process.env.CI ?? '' } }),
        0,
      ),
  ],
  // --reset-business: the journeys change the demo data, and the test database outlives a run
  // then the test Redis db is emptied: cached reads of the reloaded orgs must not outlive them
  [
    'seed',
    () =>
      run('seed demo data (browser e2e)', 'node', ['apps/api/dist/seed/main.js', '--reset-business'], { env }) +
      run(
        'flush the test Redis db',
        'node',
        [
          '-e',
          "const R=require('ioredis');const r=new R(process.env.REDIS_URL);r.flushdb().then(()=>r.quit()).catch((e)=>{console.error(e);process.exit(1)})",
        ],
        { env },
      ),
  ],
  [
    'e2e',
    () =>
      run('browser e2e (Playwright + chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
        env: { ...env, TMPDIR: tmp, HOME: tmp, XDG_CONFIG_HOME: tmp, XDG_CACHE_HOME: tmp },
      }),
  ],
];

// a typo must not run nothing and report success
if (only && !steps.some(([name]) => name === only)) {
  process.stderr.write(
    `\n\x1b[31mnpm test: unknown step "${only}"; steps: ${steps.map(([n]) => n).join(', ')}\x1b[0m\n`,
  );
  process.exit(2);
}

const t0 = Date.now();
const timings = [];
try {
  timings.push(['install', ensureInstalled()]);
  await requireServices(DATABASE_URL, REDIS_URL);
  for (const [name, fn] of steps) {
    if (only && name !== only && !['build', 'db'].includes(name) && !(only === 'e2e' && name === 'seed')) continue;
    timings.push([name, fn()]);
  }
} catch (err) {
  process.stderr.write(`\n\x1b[31mnpm test FAILED: ${err.message}\x1b[0m\n`);
  process.exit(1);
}
log(
  `all steps passed in ${((Date.now() - t0) / 1000).toFixed(1)}s: ${timings.map(([n, s]) => `${n} ${Number(s).toFixed(1)}s`).join(', ')}`,
);
