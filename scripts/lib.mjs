// Shared by `npm start` and `npm test`: install when needed, check services, run steps.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function log(msg) {
  process.stdout.write(`\x1b[36m[amms]\x1b[0m ${msg}\n`);
}

/** Runs a command in the foreground; throws with the step name when it fails. */
export function run(step, cmd, args, opts = {}) {
  const t0 = Date.now();
  log(`${step}…`);
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...(opts.env ?? {}) } });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (res.status !== 0) {
    const err = new Error(`${step} failed (exit ${res.status ?? res.signal}) after ${secs}s`);
    err.step = step;
    throw err;
  }
  log(`${step} ok (${secs}s)`);
  return Number(secs);
}

/**
 * PostGIS (field boundaries, distances) for a local Debian/Ubuntu cluster: installs
 * postgresql-<major>-postgis-3 when the running cluster's major has no postgis.control. Elsewhere
 * (Docker's postgis/postgis image, a managed server) it does nothing: the migration then says what
 * is missing if the extension is not available.
 */
export function ensurePostgis() {
  if (!existsSync('/etc/postgresql')) return;
  const majors = readdirSync('/etc/postgresql').filter((d) => /^\d+$/.test(d));
  for (const major of majors) {
    if (existsSync(`/usr/share/postgresql/${major}/extension/postgis.control`)) continue;
    const pkg = `postgresql-${major}-postgis-3`;
    if (process.getuid?.() !== 0) {
      log(`PostGIS is missing for Postgres ${major}: run \`sudo apt-get install -y ${pkg}\``);
      continue;
    }
    log(`installing ${pkg} (PostGIS for field boundaries)…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    let res = spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
    if (res.status !== 0) {
      spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      res = spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
    }
    if (res.status !== 0) log(`could not install ${pkg}; install it by hand (apt-get install -y ${pkg})`);
  }
}

/** `npm ci` when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs - 1000) return 0;
  // --fetch-timeout: a fresh machine once hung in npm ci on idle sockets; fail and retry instead
  return run('install dependencies (npm ci)', 'npm', [
    'ci',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    '--fetch-timeout=120000',
    '--fetch-retries=4',
  ]);
}

function tcpReachable(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    const done = (ok) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

function redisPing(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    const t = setTimeout(() => done(false), timeoutMs);
    const done = (ok) => {
      clearTimeout(t);
      s.destroy();
      resolve(ok);
    };
    s.once('connect', () => s.write('PING\r\n'));
    s.once('data', (d) => done(d.toString().startsWith('+PONG')));
    s.once('error', () => done(false));
  });
}

const isLocalHost = (h) => ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(h);

/** A Docker CLI that reaches a running engine (`docker --version` alone says nothing about the engine). */
function dockerEngineUp() {
  const res = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], {
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: 10_000,
  });
  return res.status === 0 && res.stdout.toString().trim() !== '';
}

/**
 * Checks Postgres and Redis; with `{ docker: true }` (npm start) starts the compose services when
 * they are down on this machine and a Docker engine runs. On failure prints one clear paragraph
 * and exits non-zero.
 */
export async function requireServices(databaseUrl, redisUrl, opts = {}) {
  const pg = new URL(databaseUrl);
  const rd = new URL(redisUrl);
  const probe = async () => [
    await tcpReachable(pg.hostname, Number(pg.port || 5432)),
    await redisPing(rd.hostname, Number(rd.port || 6379)),
  ];
  let [pgOk, redisOk] = await probe();
  if (pgOk && redisOk) return;
  // the compose file publishes exactly 127.0.0.1:5432 and :6379
  const composeAddresses =
    isLocalHost(pg.hostname) &&
    isLocalHost(rd.hostname) &&
    Number(pg.port || 5432) === 5432 &&
    Number(rd.port || 6379) === 6379;
  if (opts.docker && composeAddresses && dockerEngineUp()) {
    const wanted = [!pgOk && 'postgres', !redisOk && 'redis'].filter(Boolean);
    log(`${wanted.join(' and ')} not reachable; Docker is here, so: docker compose up -d ${wanted.join(' ')}`);
    const res = spawnSync('docker', ['compose', 'up', '-d', '--wait', ...wanted], { cwd: ROOT, stdio: 'inherit' });
    if (res.status === 0) {
      for (let i = 0; i < 60 && !(pgOk && redisOk); i++) {
        [pgOk, redisOk] = await probe();
        if (!(pgOk && redisOk)) await new Promise((r) => setTimeout(r, 1000));
      }
      if (pgOk && redisOk) return log('postgres and redis are up (docker compose; `docker compose down` stops them)');
    }
  }
  const missing = [
    !pgOk && `Postgres at ${pg.hostname}:${pg.port || 5432}`,
    !redisOk && `Redis at ${rd.hostname}:${rd.port || 6379}`,
  ]
    .filter(Boolean)
    .join(' and ');
  process.stderr.write(
    `\n\x1b[31mAMMS cannot start: ${missing} ${missing.includes(' and ') ? 'are' : 'is'} not reachable.\x1b[0m ` +
      `AMMS needs Postgres (15 or 16) and Redis 7. With Docker, run \`docker compose up -d\` in this folder ` +
      `(it starts both with the default addresses). On Debian/Ubuntu without Docker: ` +
      `\`apt-get install -y postgresql redis-server\`, then \`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\` ` +
      `and \`redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no\`. ` +
      `Elsewhere, point DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/amms) and REDIS_URL ` +
      `(default redis://127.0.0.1:6379/0) at running servers and try again.\n\n`,
  );
  process.exit(2);
}

/** A JWT secret kept in .run/ so sessions survive restarts; generated on first start. */
export function localSecret() {
  const dir = path.join(ROOT, '.run');
  const file = path.join(dir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** Starts a long-running child with prefixed output; returns the process. */
export function startChild(name, cmd, args, env, cwd = ROOT) {
  const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `\x1b[35m[${name}]\x1b[0m `;
  const pipe = (stream, out) => {
    let buf = '';
    stream.on('data', (d) => {
      buf += d.toString();
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const l of lines) out.write(prefix + l + '\n');
    });
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  return child;
}

export async function waitForHttp(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}
