import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';

/**
 * Where a caller stands: an org (reads its own documents and the platform library, writes its
 * own) or the platform library itself (platform admins). Every query below takes one.
 */
export type LibraryScope = { kind: 'org'; organizationId: string } | { kind: 'platform' };

/** The organizationId a scope writes (null = platform library). */
export const ownerOf = (s: LibraryScope): string | null => (s.kind === 'org' ? s.organizationId : null);
/** Rows a scope may read: an org reads its own and the platform's; the platform reads its own. */
export const readableWhere = (s: LibraryScope): Prisma.DocumentWhereInput =>
  s.kind === 'org'
    ? { OR: [{ organizationId: s.organizationId }, { organizationId: null }] }
    : { organizationId: null };

const withCard = {
  models: { select: { machineModelId: true } },
  versions: { orderBy: { versionNumber: 'desc' }, take: 1 },
} satisfies Prisma.DocumentInclude;

export type DocumentRow = Prisma.DocumentGetPayload<{ include: typeof withCard }>;
export type VersionRow = Prisma.DocumentVersionGetPayload<object>;

export interface ListFilter {
  source?: 'ORG' | 'PLATFORM';
  machineModelId?: string;
  q?: string;
  afterId?: string;
  limit: number;
}

export interface NewVersion {
  fileName: string;
  sizeBytes: number;
  sha256: string;
  createdById: string | null;
}

@Injectable()
export class DocumentsRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn, { timeout: 20_000 });
  }

  findReadable(
    scope: LibraryScope,
    id: string,
    db: Tx | PrismaService['client'] = this.prisma.client,
  ): Promise<DocumentRow | null> {
    return db.document.findFirst({ where: { id, ...readableWhere(scope) }, include: withCard });
  }

  /** Newest first (createdAt desc, id desc): the keyset cursor is the last row's id. */
  async list(scope: LibraryScope, f: ListFilter): Promise<DocumentRow[]> {
    const and: Prisma.DocumentWhereInput[] = [readableWhere(scope)];
    if (f.source === 'ORG')
      and.push({
        organizationId: scope.kind === 'org' ? scope.organizationId : '00000000-0000-0000-0000-000000000000',
      });
    if (f.source === 'PLATFORM') and.push({ organizationId: null });
    if (f.machineModelId) and.push({ models: { some: { machineModelId: f.machineModelId } } });
    if (f.q) and.push({ title: { contains: f.q, mode: 'insensitive' } });
    if (f.afterId) {
      const after = await this.prisma.client.document.findFirst({
        where: { id: f.afterId, ...readableWhere(scope) },
        select: { createdAt: true, id: true },
      });
      if (after)
        and.push({
          OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }],
        });
    }
    return this.prisma.client.document.findMany({
      where: { AND: and },
      include: withCard,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: f.limit,
    });
  }

  versions(documentId: string): Promise<VersionRow[]> {
    return this.prisma.client.documentVersion.findMany({ where: { documentId }, orderBy: { versionNumber: 'desc' } });
  }

  findVersion(documentId: string, versionId: string): Promise<VersionRow | null> {
    return this.prisma.client.documentVersion.findFirst({ where: { id: versionId, documentId } });
  }

  /** The version holding this file in the scope's own library (the sha256 dedupe). */
  findBySha(scope: LibraryScope, sha256: string) {
    return this.prisma.client.documentVersion.findFirst({
      where: { organizationId: ownerOf(scope), sha256 },
      select: { id: true, documentId: true },
    });
  }

  /** Machine model ids the scope may link: an org its own and platform ones, the platform only its own. */
  async visibleModelIds(scope: LibraryScope, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const where: Prisma.MachineModelWhereInput =
      scope.kind === 'org'
        ? { id: { in: [...ids] }, OR: [{ organizationId: scope.organizationId }, { organizationId: null }] }
        : { id: { in: [...ids] }, organizationId: null };
    const rows = await this.prisma.client.machineModel.findMany({ where, select: { id: true } });
    return new Set(rows.map((r) => r.id));
  }

  /** The model of an org's (live) asset, or null when the asset is not this org's. */
  async assetModelId(organizationId: string, assetId: string): Promise<string | null> {
    const a = await this.prisma.client.asset.findFirst({
      where: { id: assetId, organizationId, deletedAt: null },
      select: { modelId: true },
    });
    return a?.modelId ?? null;
  }

  async createDocument(
    tx: Tx,
    scope: LibraryScope,
    input: { title: string; language: 'zh' | 'en'; machineModelIds: readonly string[]; createdById: string | null },
  ) {
    return tx.document.create({
      data: {
        organizationId: ownerOf(scope),
        title: input.title,
        language: input.language,
        createdById: input.createdById,
        models: { createMany: { data: input.machineModelIds.map((machineModelId) => ({ machineModelId })) } },
      },
      select: { id: true },
    });
  }

  /** The next version of a document (row-locked so two uploads number 2 and 3, never 2 twice). */
  async createVersion(tx: Tx, scope: LibraryScope, documentId: string, v: NewVersion) {
    await tx.$queryRaw`SELECT id FROM "Document" WHERE id = ${documentId}::uuid FOR UPDATE`;
    const last = await tx.documentVersion.aggregate({ where: { documentId }, _max: { versionNumber: true } });
    return tx.documentVersion.create({
      data: { documentId, organizationId: ownerOf(scope), versionNumber: (last._max.versionNumber ?? 0) + 1, ...v },
    });
  }

  async replaceModels(tx: Tx, documentId: string, machineModelIds: readonly string[]) {
    await tx.documentModel.deleteMany({ where: { documentId } });
    if (machineModelIds.length)
      await tx.documentModel.createMany({
        data: machineModelIds.map((machineModelId) => ({ documentId, machineModelId })),
      });
  }

  /** a new title and/or a touched updatedAt (the model links changed) */
  updateDocument(tx: Tx, id: string, data: { title?: string; updatedAt?: Date }) {
    return tx.document.update({ where: { id }, data });
  }

  /** the document and (cascade) its versions, pages and chunks */
  deleteDocument(tx: Tx, id: string) {
    return tx.document.delete({ where: { id } });
  }

  page(versionId: string, page: number) {
    return this.prisma.client.documentPage.findUnique({ where: { versionId_page: { versionId, page } } });
  }

  /** The content hashes of a document's versions (their bytes may be shared: BlobRefs decides). */
  async versionShas(tx: Tx, documentId: string): Promise<string[]> {
    const rows = await tx.documentVersion.findMany({
      where: { documentId },
      select: { sha256: true },
      distinct: ['sha256'],
    });
    return rows.map((r) => r.sha256);
  }
}
