import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { PrismaClient } from '@amms/db';
import { PeopleRepository } from '../../people/people.repository.js';
import { PeopleService } from '../../people/people.service.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { AuditService } from '../../audit/audit.service.js';
import { DocumentsRepository, platformLibraryActor, UploadsService } from '../../knowledge/index.js';
import type { AppConfig } from '../../platform/config/config.js';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import type { PrismaService } from '../../platform/prisma/prisma.service.js';
import { BlobRefs } from '../../platform/storage/blob-refs.js';
import { BlobRefsRepository } from '../../platform/storage/blob-refs.repository.js';
import { createBlobStore } from '../../platform/storage/create-blob-store.js';
import { PLATFORM_CATALOG } from '../catalog.js';
import { MANUALS_DIR } from './index.js';
import type { ManualInfo } from './types.js';

export interface ManualsReport {
  /** new documents (first version queued for ingestion) */
  created: number;
  /** a changed fixture for an existing document: its next version, queued */
  versioned: number;
  unchanged: number;
}

/** The committed manifest of the generated manuals (apps/api/fixtures/manuals/manifest.json). */
export function readManifest(dir = MANUALS_DIR): ManualInfo[] {
  return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as ManualInfo[];
}

/**
 * Loads the demo manuals into the platform library (readable by every org, linked to the catalog
 * models) through the API's own upload path: UploadsService stores the file in the blob store,
 * writes the document + version, the `knowledge.ingest` outbox row and the audit event in one
 * transaction; the worker then ingests it like any upload. Idempotent: a manual is found by its
 * title in the platform library; the same bytes are a duplicate (nothing happens), new bytes
 * become the document's next version.
 */
export async function seedManuals(
  db: PrismaClient,
  config: AppConfig,
  platformAdminId: string,
): Promise<ManualsReport> {
  const prisma = { client: db } as PrismaService;
  const blobs = createBlobStore(config);
  const uploads = new UploadsService(
    config,
    new DocumentsRepository(prisma),
    blobs,
    new BlobRefs(new BlobRefsRepository(prisma), blobs),
    new OutboxService(prisma),
    new AuditService(new AuditRepository(prisma), new PeopleService(new PeopleRepository(prisma))),
  );
  const actor = platformLibraryActor(
    { kind: 'USER', userId: platformAdminId, isPlatformAdmin: true } as never,
    `seed-${randomUUID()}`,
  );
  const report: ManualsReport = { created: 0, versioned: 0, unchanged: 0 };

  for (const m of readManifest()) {
    const models = await db.machineModel.findMany({
      where: { organizationId: null, OR: catalogWhere(m.modelKeys) },
      select: { id: true },
    });
    const existing = await db.document.findFirst({
      where: { organizationId: null, title: m.title },
      select: { id: true },
    });
    const bytes = readFileSync(join(MANUALS_DIR, m.fileName));
    const staged = await blobs.stage(Readable.from([bytes]), config.knowledge.maxUploadBytes);
    const form = {
      staged,
      fileName: m.fileName,
      fields: { title: m.title, language: m.language, machineModelIds: models.map((x) => x.id) },
    };
    const out = existing
      ? await uploads.addVersion(actor, existing.id, form)
      : await uploads.createDocument(actor, form);
    if (out.body.duplicate) report.unchanged++;
    else if (existing) report.versioned++;
    else report.created++;
  }
  return report;
}

/** catalog keys → the platform catalog rows (manufacturer + name, see seed/catalog.ts) */
function catalogWhere(keys: string[]) {
  return PLATFORM_CATALOG.filter((c) => keys.includes(c.key)).map((c) => ({
    manufacturer: c.manufacturer,
    name: c.name,
  }));
}
