import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, databaseUrlFromEnv, DEFAULT_DATABASE_URL, Role, type PrismaClient } from '../src/index.js';
import { migrate } from '../src/migrator/commands.js';
import { dropDatabase, quiet, throwawayDatabaseUrl } from './helpers.js';

const url = throwawayDatabaseUrl('amms_client_test');
let prisma: PrismaClient;

beforeAll(async () => {
  await migrate({ databaseUrl: url, log: quiet });
  prisma = createPrismaClient(url, { max: 2 });
});

afterAll(async () => {
  await prisma?.$disconnect();
  await dropDatabase(url);
});

describe('createPrismaClient', () => {
  it('inserts and reads a User', async () => {
    const created = await prisma.user.create({
      data: { email: 'ada@example.com', name: 'Ada', passwordHash: 'x' },
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    const read = await prisma.user.findUnique({ where: { email: 'ada@example.com' } });
    expect(read).toMatchObject({ name: 'Ada', locale: 'zh-CN', isPlatformAdmin: false });
  });

  it('writes enums and relations', async () => {
    const org = await prisma.organization.create({ data: { slug: 'coop', name: 'Coop' } });
    const user = await prisma.user.findUniqueOrThrow({ where: { email: 'ada@example.com' } });
    const m = await prisma.membership.create({
      data: { organizationId: org.id, userId: user.id, role: Role.DISPATCHER, dataScope: 'TEAM' },
    });
    expect(m).toMatchObject({ role: 'DISPATCHER', dataScope: 'TEAM', status: 'ACTIVE', version: 1 });
  });

  it('surfaces the append-only trigger as an error', async () => {
    const e = await prisma.auditEvent.create({
      data: { chain: 'platform', seq: 1, action: 'x', actorType: 'SYSTEM', data: {}, hash: 'h', createdAt: new Date() },
    });
    await expect(prisma.auditEvent.update({ where: { id: e.id }, data: { action: 'y' } })).rejects.toThrow(
      /append-only/,
    );
    await expect(prisma.auditEvent.delete({ where: { id: e.id } })).rejects.toThrow(/append-only/);
  });
});

describe('databaseUrlFromEnv', () => {
  it('uses DATABASE_URL, else the local default', () => {
    const saved = process.env.DATABASE_URL;
    try {
      process.env.DATABASE_URL = 'postgresql://u@h:1/x';
      expect(databaseUrlFromEnv()).toBe('postgresql://u@h:1/x');
      delete process.env.DATABASE_URL;
      expect(databaseUrlFromEnv()).toBe(DEFAULT_DATABASE_URL);
      expect(DEFAULT_DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/amms');
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
  });
});
