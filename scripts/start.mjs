// `npm start`: install if needed → check Postgres/Redis → build → create DB → migrate → seed → run api, worker, web.
import {
  ROOT,
  ensureInstalled,
  ensurePostgis,
  localSecret,
  log,
  requireServices,
  run,
  startChild,
  waitForHttp,
} from './lib.mjs';

const t0 = Date.now();
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/amms';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const API_PORT = process.env.API_PORT ?? '3001';
const WEB_PORT = process.env.WEB_PORT ?? '3000';
const env = {
  DATABASE_URL,
  REDIS_URL,
  NODE_ENV: 'production',
  JWT_ACCESS_SECRET: process.env.JWT_ACCESS_SECRET ?? localSecret(),
  // a local demo: the OpenAPI UI stays on (production's default is off); /metrics needs METRICS_TOKEN
  API_DOCS: process.env.API_DOCS ?? 'on',
  WEB_ORIGIN: process.env.WEB_ORIGIN ?? `http://localhost:${WEB_PORT},http://127.0.0.1:${WEB_PORT}`,
  TURBO_TELEMETRY_DISABLED: '1',
  NEXT_TELEMETRY_DISABLED: '1',
};

try {
  ensureInstalled();
  await requireServices(DATABASE_URL, REDIS_URL, { docker: true });
  ensurePostgis();
  run('build', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { env });
  run('create database if missing', 'node', ['packages/db/dist/migrator/cli.js', 'createdb'], { env });
  run('apply migrations', 'node', ['packages/db/dist/migrator/cli.js', 'migrate'], { env });
  run('seed demo data', 'node', ['apps/api/dist/seed/main.js'], { env });
} catch (err) {
  process.stderr.write(`\n${err.message}\n`);
  process.exit(1);
}

const children = [
  startChild('api', 'node', ['apps/api/dist/main.js'], { ...env, PORT: API_PORT }),
  startChild('worker', 'node', ['apps/api/dist/worker.js'], env),
  startChild(
    'web',
    'npx',
    ['next', 'start', '-p', WEB_PORT],
    { ...env, API_URL: `http://127.0.0.1:${API_PORT}` },
    `${ROOT}/apps/web`,
  ),
];
let stopping = false;
const stop = (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
};
for (const c of children)
  c.on('exit', (code) => !stopping && (log(`a process exited (${code}); stopping the others`), stop(1)));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const [apiUp, webUp] = await Promise.all([
  waitForHttp(`http://127.0.0.1:${API_PORT}/ready`),
  waitForHttp(`http://127.0.0.1:${WEB_PORT}/login`),
]);
if (!apiUp || !webUp) {
  log('api or web did not become ready in 60 s; see the log lines above');
  stop(1);
} else {
  log(`ready in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  log(`web      http://localhost:${WEB_PORT}   (demo: dispatcher@green-valley.demo / amms-demo-2026)`);
  log(`api      http://localhost:${API_PORT}/api/v1   docs: http://localhost:${API_PORT}/api/docs`);
  log(`worker   running (outbox relay + BullMQ)`);
  log('Ctrl+C stops everything.');
}
