import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const env = process.env;

/**
 * Browser e2e against the real, started system: the built API (port 3101) and the
 * built web app (`next start`, port 3100). The caller (scripts/test.mjs) builds
 * everything and creates, migrates and seeds the test database first.
 * Chromium is Debian's (/usr/bin/chromium): never `playwright install` here.
 * Run with TMPDIR (and HOME) inside the repo, e.g. `TMPDIR=$PWD/.e2e-tmp npx playwright test`.
 */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const webDir = fileURLToPath(new URL('../apps/web/', import.meta.url));

// Ports, database and Next build dir can be moved so that several runs (one per
// developer checkout or helper) do not share a server: E2E_API_PORT, E2E_WEB_PORT,
// DATABASE_URL, REDIS_URL, NEXT_DIST_DIR. E2E_WEB_DEV=1 serves the web with `next dev`.
const API_PORT = Number(env.E2E_API_PORT ?? 3101);
const WEB_PORT = Number(env.E2E_WEB_PORT ?? 3100);
const apiUrl = `http://127.0.0.1:${API_PORT}`;
const webUrl = `http://127.0.0.1:${WEB_PORT}`;
// the fake machine recognition service (e2e/support/fake-recognition-server.mjs), next to the API's port
const RECOGNITION_PORT = Number(env.E2E_RECOGNITION_PORT ?? API_PORT + 2);

// Scratch space inside the repo (gitignored): the runner should set TMPDIR before it
// starts; this is the fallback, and Chromium's HOME/XDG dirs always live here.
const scratch = fileURLToPath(new URL('../.e2e-tmp/', import.meta.url));
const browserHome = `${scratch}chromium-home`;
mkdirSync(browserHome, { recursive: true });
if (!env.TMPDIR) env.TMPDIR = scratch;

/** what the API and the worker share (the worker has no port) */
const apiEnv = {
  DATABASE_URL: env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/amms_test',
  REDIS_URL: env.REDIS_URL ?? 'redis://127.0.0.1:6379/1',
  WEB_ORIGIN: env.WEB_ORIGIN ?? webUrl,
  NODE_ENV: 'production',
  // production refuses the dev default secret; this one is for the local e2e run only
  JWT_ACCESS_SECRET: env.JWT_ACCESS_SECRET ?? 'e2e-only-access-secret-not-for-production-use',
  LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
  // every browser here is 127.0.0.1, and other suites share the Redis counters:
  // keep the per-IP login budget out of the way (the per-email limit still applies)
  LOGIN_MAX_ATTEMPTS_PER_IP: env.LOGIN_MAX_ATTEMPTS_PER_IP ?? '100000',
  // the webhooks journey's receiver and the telematics journey's AEMP server (j26) listen on
  // loopback (refused as a target otherwise; telematics sources follow the webhooks' allow-list)
  WEBHOOK_ALLOW_HOSTS: env.WEBHOOK_ALLOW_HOSTS ?? '127.0.0.1',
  // telematics sources' secrets are sealed with it (production has no default); e2e only
  TELEMATICS_SECRET_KEY:
    env.TELEMATICS_SECRET_KEY ?? 'e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0',
  // "add a machine from a photo" (j21) recognises against the fake service
  RECOGNITION_URL: env.RECOGNITION_URL ?? `http://127.0.0.1:${RECOGNITION_PORT}/v1/recognise`,
};

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!env.CI,
  reporter: 'list',
  timeout: env.E2E_WEB_DEV ? 180_000 : 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: webUrl,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      env: {
        ...env,
        HOME: browserHome,
        XDG_CONFIG_HOME: `${browserHome}/.config`,
        XDG_CACHE_HOME: `${browserHome}/.cache`,
      },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      name: 'recognition',
      command: 'node e2e/support/fake-recognition-server.mjs',
      cwd: repoRoot,
      url: `http://127.0.0.1:${RECOGNITION_PORT}/health`,
      reuseExistingServer: !env.CI,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { PORT: String(RECOGNITION_PORT) },
    },
    {
      name: 'api',
      command: 'node apps/api/dist/main.js',
      cwd: repoRoot,
      url: `${apiUrl}/health`,
      reuseExistingServer: !env.CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...apiEnv, PORT: String(API_PORT) },
    },
    {
      // executes confirmed drafts (outbox relay → BullMQ → draft.execute)
      name: 'worker',
      command: 'node apps/api/dist/worker.js',
      cwd: repoRoot,
      wait: { stdout: /AMMS worker started/ },
      reuseExistingServer: !env.CI,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { ...apiEnv, LOG_LEVEL: 'info' },
    },
    {
      name: 'web',
      command: `node ../../node_modules/next/dist/bin/next ${env.E2E_WEB_DEV ? 'dev' : 'start'} -H 127.0.0.1 -p ${WEB_PORT}`,
      cwd: webDir,
      url: `${webUrl}/login`,
      reuseExistingServer: !env.CI,
      timeout: env.E2E_WEB_DEV ? 180_000 : 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(WEB_PORT),
        API_URL: env.E2E_API_URL ?? apiUrl,
        NEXT_TELEMETRY_DISABLED: '1',
        NODE_ENV: env.E2E_WEB_DEV ? 'development' : 'production',
        ...(env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: env.NEXT_DIST_DIR } : {}),
      },
    },
  ],
});
