import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { createPrismaClient, type PrismaClient } from '@amms/db';
import { ROLES, DEFAULT_SCOPE, type TRole } from '@amms/contracts/permissions';
import { createApp } from '../src/create-app.js';
import { parseConfig, type AppConfig } from '../src/platform/config/config.js';
import { hashPassword } from '../src/auth/password.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './env.js';

export const PASSWORD = 'test-password-2026';

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: TEST_DATABASE_URL,
    REDIS_URL: TEST_REDIS_URL,
    JWT_ACCESS_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
    DATABASE_POOL_MAX: '5',
    ...overrides,
  });
}

export interface Harness {
  app: NestFastifyApplication;
  base: string;
  db: PrismaClient;
  close(): Promise<void>;
}

/** Boots the real app on a random port. One per test file. */
export async function startApp(overrides: Record<string, string> = {}): Promise<Harness> {
  const config = testConfig(overrides);
  const app = await createApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.getHttpAdapter().getInstance().server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const db = createPrismaClient(TEST_DATABASE_URL, { max: 3 });
  return {
    app,
    base: `http://127.0.0.1:${port}`,
    db,
    async close() {
      await app.close();
      await db.$disconnect();
    },
  };
}

let hashOnce: Promise<string> | undefined;
const passwordHash = () => (hashOnce ??= hashPassword(PASSWORD));

export interface TestOrg {
  id: string;
  slug: string;
  users: Record<TRole, { id: string; email: string; membershipId: string }>;
}

/** A fresh org with one user per role (all with PASSWORD): tests never share an org. */
export async function createOrg(db: PrismaClient, label = 'org'): Promise<TestOrg> {
  const tag = randomUUID().slice(0, 8);
  const org = await db.organization.create({ data: { slug: `${label}-${tag}`, name: `Test ${label} ${tag}` } });
  const hash = await passwordHash();
  const users = {} as TestOrg['users'];
  for (const role of ROLES) {
    const email = `${role.toLowerCase()}-${tag}@${label}.test`;
    const u = await db.user.create({ data: { email, name: `${role} ${tag}`, passwordHash: hash } });
    const m = await db.membership.create({
      data: { organizationId: org.id, userId: u.id, role, dataScope: DEFAULT_SCOPE[role] },
    });
    users[role] = { id: u.id, email, membershipId: m.id };
  }
  return { id: org.id, slug: org.slug, users };
}

export interface Res<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** Small fetch wrapper: JSON in, JSON out, never throws on 4xx/5xx. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies loosely
export async function call<T = any>(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; apiKey?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.apiKey) headers.authorization = `ApiKey ${opts.apiKey}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  return readRes<T>(await fetch(`${base}${path}`, { method, headers, body }));
}

/** A multipart POST (an upload) with a bearer token; the answer read as `call` reads it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies loosely
export async function postForm<T = any>(
  base: string,
  path: string,
  token: string,
  form: FormData,
  headers: Record<string, string> = {},
): Promise<Res<T>> {
  return readRes<T>(
    await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...headers },
      body: form,
    }),
  );
}

/** A response as the tests read it: status, headers, and the body parsed as JSON where it is JSON (else its text). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies loosely
async function readRes<T = any>(res: Response): Promise<Res<T>> {
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON (metrics) */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export async function login(base: string, email: string, password = PASSWORD) {
  const r = await call<{ accessToken: string; refreshToken: string }>(base, 'POST', '/api/v1/auth/login', {
    body: { email, password },
  });
  if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
