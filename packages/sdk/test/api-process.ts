// The real API for the SDK's tests: migrations applied to the test database, an org with an
// owner created directly in it, and apps/api/dist/main.js started on a free loopback port.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createPrismaClient } from '@amms/db';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/amms_test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1';
export const PASSWORD = 'sdk-test-password-2026';

const repo = (p: string) => fileURLToPath(new URL(`../../../${p}`, import.meta.url));

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

export interface ApiProcess {
  baseUrl: string;
  org: { id: string; ownerEmail: string };
  otherOrgId: string;
  stop(): Promise<void>;
}

export async function startApi(): Promise<ApiProcess> {
  const env = { ...process.env, DATABASE_URL: TEST_DATABASE_URL };
  execFileSync(process.execPath, [repo('packages/db/dist/migrator/cli.js'), 'createdb'], { env, stdio: 'inherit' });
  execFileSync(process.execPath, [repo('packages/db/dist/migrator/cli.js'), 'migrate'], { env, stdio: 'inherit' });

  // the password hash the API itself checks (built code: the SDK does not compile the API)
  const passwordModule = repo('apps/api/dist/auth/password.js');
  const { hashPassword } = (await import(passwordModule)) as { hashPassword(p: string): Promise<string> };
  const db = createPrismaClient(TEST_DATABASE_URL, { max: 2 });
  const tag = randomUUID().slice(0, 8);
  const makeOrg = async (label: string) => {
    const org = await db.organization.create({ data: { slug: `sdk-${label}-${tag}`, name: `SDK ${label} ${tag}` } });
    const email = `owner-${label}-${tag}@sdk.test`;
    const user = await db.user.create({
      data: { email, name: `Owner ${tag}`, passwordHash: await hashPassword(PASSWORD) },
    });
    await db.membership.create({ data: { organizationId: org.id, userId: user.id, role: 'OWNER', dataScope: 'ORG' } });
    return { id: org.id, ownerEmail: email };
  };
  const org = await makeOrg('a');
  const other = await makeOrg('b');
  await db.$disconnect();

  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [repo('apps/api/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: TEST_DATABASE_URL,
      REDIS_URL: TEST_REDIS_URL,
      DATABASE_POOL_MAX: '3',
      LOG_LEVEL: 'warn',
      // the test Redis db counts every sign-in of the whole test run from 127.0.0.1: this test is
      // about the client, not the per-IP limit (tested in the API's own suite), as in apps/web/test
      LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // ready when /ready answers (the database and Redis are reachable); generous under load
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode} before it was ready`);
    try {
      const r = await fetch(`${baseUrl}/ready`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('the API did not become ready');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    org,
    otherOrgId: other.id,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
