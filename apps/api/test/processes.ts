// Real processes some e2e files own: a private redis-server (to kill and restart mid-test) and the
// built worker (dist/worker.js, to SIGKILL and restart). Shared so every file starts, waits for
// and stops them the same way.
import { spawn, type ChildProcess } from 'node:child_process';
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
  return spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
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
export async function startWorkerProcess(env: Record<string, string>, onOutput: (chunk: string) => void): Promise<ChildProcess> {
  const p = spawn(process.execPath, [WORKER_JS], { env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', DATABASE_POOL_MAX: '5', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
  await Promise.race([ready, sleep(60_000).then(() => Promise.reject(new Error(`worker did not start:\n${seen.slice(-3000)}`)))]);
  return p;
}

/** Appends to a bounded log tail (the last ~100 kB). */
export const appendTail = (log: string, chunk: string) => (log.length + chunk.length > 200_000 ? (log + chunk).slice(-100_000) : log + chunk);

export const API_JS = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/**
 * Boots the built API (dist/main.js) on `port` with `env` on top of the test's environment and
 * resolves once it listens. Its output goes to `onOutput`.
 */
export async function startApiProcess(port: number, env: Record<string, string>, onOutput: (chunk: string) => void): Promise<ChildProcess> {
  const p = spawn(process.execPath, [API_JS], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_POOL_MAX: '5', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  p.stdout!.on('data', (b: Buffer) => onOutput(b.toString()));
  p.stderr!.on('data', (b: Buffer) => onOutput(b.toString()));
  const exited = new Promise<never>((_, reject) => p.once('exit', (code) => reject(new Error(`api on ${port} exited with ${code}`))));
  await Promise.race([waitForPort(port, 60_000), exited]);
  return p;
}

/**
 * SIGTERM (graceful shutdown) and wait for the exit. Nest re-raises the signal after its shutdown
 * hooks ran, so a clean stop ends with `signal: 'SIGTERM'` (or code 0); `timedOut` means it had to
 * be killed.
 */
export async function stopGracefully(p: ChildProcess, timeoutMs = 30_000): Promise<{ code: number | null; signal: string | null; timedOut: boolean }> {
  if (p.exitCode !== null || p.signalCode !== null) return { code: p.exitCode, signal: p.signalCode, timedOut: false };
  const exited = new Promise<{ code: number | null; signal: string | null; timedOut: boolean }>((r) => p.once('exit', (code, signal) => r({ code, signal, timedOut: false })));
  p.kill('SIGTERM');
  const timer = sleep(timeoutMs).then(() => {
    p.kill('SIGKILL');
    return exited.then((e) => ({ ...e, timedOut: true }));
  });
  return Promise.race([exited, timer]);
}
