import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@amms/db';
import { readManifest, seedManuals } from '../src/seed/manuals/load.js';
import { ensureCatalog } from '../src/seed/write.js';
import { TEST_DATABASE_URL } from './env.js';
import { testConfig } from './harness.js';

// The seed's demo manuals go through the upload service: blob stored by sha256, document linked
// to its catalog models, version UPLOADED + knowledge.ingest outbox row; a second run changes nothing.
describe('seed: demo manuals into the platform library', () => {
  let db: PrismaClient;
  let storage: string;
  const titles = readManifest().map((m) => m.title);

  const cleanup = async () => {
    const docs = await db.document.findMany({
      where: { organizationId: null, title: { in: titles } },
      select: { id: true, versions: { select: { id: true } } },
    });
    const versionIds = docs.flatMap((d) => d.versions.map((v) => v.id));
    await db.outboxEvent.deleteMany({
      where: {
        name: 'knowledge.ingest',
        OR: versionIds.map((id) => ({ payload: { path: ['versionId'], equals: id } })),
      },
    });
    await db.document.deleteMany({ where: { id: { in: docs.map((d) => d.id) } } });
  };

  beforeAll(async () => {
    db = createPrismaClient(TEST_DATABASE_URL, { max: 2 });
    storage = mkdtempSync(join(tmpdir(), 'amms-seed-manuals-'));
    await ensureCatalog(db);
    await cleanup();
  });

  afterAll(async () => {
    await cleanup();
    await db.$disconnect();
    rmSync(storage, { recursive: true, force: true });
  });

  it('uploads each manual once, linked to its models and queued for ingestion; a second run is a no-op', async () => {
    const config = testConfig({ STORAGE_DIR: storage });
    const admin = await db.user.create({
      data: {
        email: `seed-admin-${randomUUID()}@test.local`,
        name: 'Seed admin',
        locale: 'en',
        isPlatformAdmin: true,
        passwordHash: 'x',
      },
    });

    const manifest = readManifest();
    expect(manifest).toHaveLength(4);
    expect(await seedManuals(db, config, admin.id)).toEqual({ created: 4, versioned: 0, unchanged: 0 });
    for (const m of manifest) {
      const doc = await db.document.findFirstOrThrow({
        where: { organizationId: null, title: m.title },
        include: { versions: true, models: true },
      });
      expect(doc.language).toBe(m.language);
      expect(doc.versions).toHaveLength(1);
      expect(doc.versions[0]).toMatchObject({ sha256: m.sha256, status: 'UPLOADED', fileName: m.fileName });
      expect(doc.models).toHaveLength(m.modelKeys.length);
      expect(existsSync(join(storage, 'sha256', m.sha256.slice(0, 2), m.sha256))).toBe(true);
      const queued = await db.outboxEvent.count({
        where: { name: 'knowledge.ingest', payload: { path: ['versionId'], equals: doc.versions[0]!.id } },
      });
      expect(queued).toBe(1);
    }

    expect(await seedManuals(db, config, admin.id)).toEqual({ created: 0, versioned: 0, unchanged: 4 });
    expect(
      await db.documentVersion.count({
        where: { organizationId: null, sha256: { in: manifest.map((m) => m.sha256) } },
      }),
    ).toBe(4);
  });
});
