// The real API for the BFF tests: apps/api/dist/main.js (built by `npm test` before the unit step)
// on a free port, against the test database and Redis; users are written straight to Postgres,
// as the API's own tests do.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID, scrypt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createPrismaClient, type PrismaClient } from '@amms/db';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/amms_test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1';
const API_MAIN = fileURLToPath(new URL('../../api/dist/main.js', import.meta.url));
export const PASSWORD = 'bff-test-password-2026';

export interface ApiProcess {
  base: string;
  db: PrismaClient;
  /** a fresh user with PASSWORD (no org needed: /me and /orgs work without one) */
  createUser(): Promise<{ id: string; email: string }>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/** The API's stored format (apps/api/src/auth/password.ts): scrypt N=2^15, r=8, p=1 over NFKC. */
async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 32, { N: 32768, r: 8, p: 1, maxmem: 96 * 1024 * 1024 }, (err, k) =>
      err ? reject(err) : resolve(k),
    ),
  );
  return `scrypt$32768$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function startApi(env: Record<string, string> = {}): Promise<ApiProcess> {
  if (!existsSync(API_MAIN)) throw new Error(`${API_MAIN} missing: build the API first (npm run build -w @amms/api)`);
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [API_MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: TEST_DATABASE_URL,
      REDIS_URL: TEST_REDIS_URL,
      DATABASE_POOL_MAX: '3',
      JWT_ACCESS_SECRET: 'bff-test-secret-bff-test-secret-0123456789',
      LOG_LEVEL: 'warn',
      LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (b: Buffer) => (output = (output + b.toString()).slice(-5000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}):\n${output}`);
    if (Date.now() > until) throw new Error(`the API did not answer /health in 60 s:\n${output}`);
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const db = createPrismaClient(TEST_DATABASE_URL, { max: 2 });
  let hash: Promise<string> | undefined;
  return {
    base,
    db,
    async createUser() {
      const email = `bff-${randomUUID().slice(0, 8)}@web.test`;
      const u = await db.user.create({
        data: { email, name: 'BFF test', passwordHash: await (hash ??= hashPassword(PASSWORD)) },
      });
      return { id: u.id, email };
    },
    async stop() {
      await db.$disconnect();
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  };
}
