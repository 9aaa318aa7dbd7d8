// Real processes some e2e files own: a private redis-server (to kill and restart mid-test), a
// private Postgres cluster (to stop and start under a running app) and the
// built worker (dist/worker.js, to SIGKILL and restart). Shared so every file starts, waits for
// and stops them the same way.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const WORKER_JS = fileURLToPath(new URL('../dist/worker.js', import.meta.url));
export const MIGRATOR_JS = fileURLToPath(new URL('../../../packages/db/dist/migrator/cli.js', import.meta.url));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await sleep(50);
  }
  throw new Error(`nothing listens on ${port}`);
}

/** A throwaway redis-server (no persistence) on `port`; wait with waitForPort. */
export function startRedis(port: number): ChildProcess {
  return spawn(
    '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
}

/** SIGKILL (no graceful shutdown: tests simulate crashes) and wait for the exit. */
export async function killProcess(p: ChildProcess | undefined): Promise<void> {
  if (!p || p.exitCode !== null || p.signalCode !== null) return;
  const exited = new Promise((r) => p.once('exit', r));
  p.kill('SIGKILL');
  await exited;
}

/**
 * Boots the built worker with `env` on top of the test's environment and resolves once it says it
 * started. Its output goes to `onOutput` (keep a tail for failure messages).
 */
export async function startWorkerProcess(
  env: Record<string, string>,
  onOutput: (chunk: string) => void,
): Promise<ChildProcess> {
  const p = spawn(process.execPath, [WORKER_JS], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', DATABASE_POOL_MAX: '5', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let seen = '';
  let started!: () => void;
  const ready = new Promise<void>((r) => (started = r));
  const onData = (b: Buffer) => {
    const s = b.toString();
    onOutput(s);
    seen = (seen + s).slice(-10_000);
    if (seen.includes('AMMS worker started')) started();
  };
  p.stdout!.on('data', onData);
  p.stderr!.on('data', onData);
  await Promise.race([
    ready,
    sleep(60_000).then(() => Promise.reject(new Error(`worker did not start:\n${seen.slice(-3000)}`))),
  ]);
  return p;
}

/** Appends to a bounded log tail (the last ~100 kB). */
export const appendTail = (log: string, chunk: string) =>
  log.length + chunk.length > 200_000 ? (log + chunk).slice(-100_000) : log + chunk;

export const API_JS = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/**
 * Boots the built API (dist/main.js) on `port` with `env` on top of the test's environment and
 * resolves once it listens. Its output goes to `onOutput`.
 */
export async function startApiProcess(
  port: number,
  env: Record<string, string>,
  onOutput: (chunk: string) => void,
): Promise<ChildProcess> {
  const p = spawn(process.execPath, [API_JS], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_POOL_MAX: '5',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  p.stdout!.on('data', (b: Buffer) => onOutput(b.toString()));
  p.stderr!.on('data', (b: Buffer) => onOutput(b.toString()));
  const exited = new Promise<never>((_, reject) =>
    p.once('exit', (code) => reject(new Error(`api on ${port} exited with ${code}`))),
  );
  await Promise.race([waitForPort(port, 60_000), exited]);
  return p;
}

/**
 * SIGTERM (graceful shutdown) and wait for the exit. Nest re-raises the signal after its shutdown
 * hooks ran, so a clean stop ends with `signal: 'SIGTERM'` (or code 0); `timedOut` means it had to
 * be killed.
 */
export async function stopGracefully(
  p: ChildProcess,
  timeoutMs = 30_000,
): Promise<{ code: number | null; signal: string | null; timedOut: boolean }> {
  if (p.exitCode !== null || p.signalCode !== null) return { code: p.exitCode, signal: p.signalCode, timedOut: false };
  const exited = new Promise<{ code: number | null; signal: string | null; timedOut: boolean }>((r) =>
    p.once('exit', (code, signal) => r({ code, signal, timedOut: false })),
  );
  p.kill('SIGTERM');
  let killed = false;
  const timer = sleep(timeoutMs).then(() => {
    killed = true;
    p.kill('SIGKILL');
  });
  // the exit after our SIGKILL resolves `exited` first: it must still say it timed out
  const e = await Promise.race([exited, timer.then(() => exited)]);
  return { ...e, timedOut: killed };
}

/** The newest Postgres server binaries installed (Debian layout: /usr/lib/postgresql/<major>/bin). */
export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((d) => existsSync(join(root, d, 'bin', 'pg_ctl'))) : [];
  if (majors.length === 0) throw new Error(`no Postgres binaries under ${root}/*/bin`);
  return join(root, majors.sort((a, b) => Number(b) - Number(a))[0]!, 'bin');
}

/**
 * A throwaway Postgres cluster in a temp dir (trust auth, no fsync), for tests that stop and
 * start the database under a running app. initdb refuses to run as root: as root the cluster
 * belongs to the `postgres` user. `start` / `stop` wait (bounded) for the server.
 */
export class PrivatePostgres {
  readonly dir: string;
  readonly url: string;
  private readonly bin = postgresBin();
  private readonly asRoot = process.getuid?.() === 0;

  private constructor(
    readonly port: number,
    dir: string,
  ) {
    this.dir = dir;
    this.url = `postgresql://postgres@127.0.0.1:${port}/amms_private`;
  }

  static async create(): Promise<PrivatePostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'amms-pg-'));
    const pg = new PrivatePostgres(await freePort(), dir);
    if (pg.asRoot) execFileSync('chown', ['postgres:', dir]);
    pg.run('initdb', ['-D', pg.data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
    return pg;
  }

  private get data() {
    return join(this.dir, 'data');
  }

  private run(tool: string, args: string[]): void {
    const cmd = join(this.bin, tool);
    const [file, argv] = this.asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    execFileSync(file, argv, { stdio: 'ignore', timeout: 60_000 });
  }

  start(): void {
    const opts = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
    this.run('pg_ctl', ['-D', this.data, '-o', opts, '-l', join(this.dir, 'log'), '-w', '-t', '30', 'start']);
  }

  /** Fast shutdown: open connections are terminated (what a crash or a failover looks like to clients). */
  stop(): void {
    this.run('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  }

  /** Stops the server if it runs and removes the cluster. */
  destroy(): void {
    try {
      this.run('pg_ctl', ['-D', this.data, '-m', 'immediate', '-w', '-t', '30', 'stop']);
    } catch {
      /* not running */
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
