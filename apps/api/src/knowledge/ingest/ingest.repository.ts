import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Prisma } from '@amms/db';
import { AuditService } from '../../audit/audit.service.js';
import { PrismaService, type Tx } from '../../platform/prisma/prisma.service.js';
import type { IngestFailureCode } from '../knowledge.errors.js';
import type { PlannedChunk } from './chunker.js';
import { WebhookEvents } from '../../platform/outbox/webhook-events.js';
import { dropTermStats, writeTermStats } from '../retrieval/term-stats.repository.js';

/**
 * The version of the ingestion code (what it stores: page text, structure, chunks, tokens). Bump
 * it when a change to ingest/ should reach documents already READY: `knowledge.resume` re-ingests
 * the current versions indexed by an older one (docs/knowledge.md, "Already-ingested documents").
 * 0: before the structure pass (layout.ts, reflow.ts); 1: the structure pass; 2: pages set in two
 * columns read column by column, table cells apart at 1.2 font sizes (pdf-text.ts); 3: OCR text's
 * misread degree signs corrected (ocr-correct.ts); 4: a sentence cut at a column break carries on in the
 * next column's first line (reflow.ts); 5: a warning box's label alone on its line joins its text with a colon
 * (reflow.ts `joinText`: "危险：…", not "危险捡拾器…"); 6: a paragraph's first line read at a heading's size, that the
 * next line carries on, is no heading (reflow.ts `opensParagraph`); 7: a warning box right under a table (its
 * signal word, a line it opens, or a blank line's worth of space) ends the table, no cell of its last row (reflow.ts).
 */
export const INGEST_VERSION = 7;

export interface ClaimedVersion {
  id: string;
  documentId: string;
  organizationId: string | null;
  versionNumber: number;
  sha256: string;
  /** a READY version re-read by newer ingestion code: it stays READY (and searchable) until its new chunks commit */
  reingest: boolean;
}

export type ClaimResult =
  | { kind: 'claimed'; version: ClaimedVersion }
  | { kind: 'done' }
  | { kind: 'busy'; retryInMs: number }
  | { kind: 'gone' };

export interface StoredPage {
  page: number;
  label: string;
  text: string;
  ocr: boolean;
  noText: boolean;
}

export interface IndexedChunk extends PlannedChunk {
  tokens: string;
  embedding: Buffer | null;
}

export interface ReadyOutcome {
  pageCount: number;
  ocrPages: number[];
  warnings: string[];
  embeddingModel: string | null;
  /** pages whose stored text or label the structure pass changed (reflowed text, printed label) */
  pages: { page: number; label: string; text: string }[];
}

/** The ingestion's writes: a lease on the version, pages as they are read, then all chunks + READY at once. */
@Injectable()
export class IngestRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Takes the version for this worker: UPLOADED, or PROCESSING whose holder stopped renewing its
   * lease (a crashed worker). A fresh lease elsewhere → busy; READY / FAILED → done.
   */
  async claim(versionId: string, leaseMs: number): Promise<ClaimResult> {
    const db = this.prisma.client;
    const rows = await db.$queryRaw<ClaimedVersion[]>`
      UPDATE "DocumentVersion" SET status = 'PROCESSING', "processingAt" = now()
      WHERE id = ${versionId}::uuid
        AND (status = 'UPLOADED' OR (status = 'PROCESSING' AND ("processingAt" IS NULL OR "processingAt" < now() - make_interval(secs => ${leaseMs / 1000}))))
      RETURNING id, "documentId", "organizationId", "versionNumber", sha256, false AS reingest`;
    if (rows[0]) return { kind: 'claimed', version: rows[0] };
    // a READY current version indexed by older ingestion code: re-read in place under the same lease
    // (only the document's current one: a job still queued for a superseded version leaves it alone)
    const stale = await db.$queryRaw<ClaimedVersion[]>`
      UPDATE "DocumentVersion" v SET "processingAt" = now()
      WHERE v.id = ${versionId}::uuid AND v.status = 'READY' AND v."ingestVersion" < ${INGEST_VERSION}
        AND (v."processingAt" IS NULL OR v."processingAt" < now() - make_interval(secs => ${leaseMs / 1000}))
        AND EXISTS (SELECT 1 FROM "Document" d WHERE d."currentVersionId" = v.id)
      RETURNING id, "documentId", "organizationId", "versionNumber", sha256, true AS reingest`;
    if (stale[0]) return { kind: 'claimed', version: stale[0] };
    const v = await db.documentVersion.findUnique({
      where: { id: versionId },
      select: { status: true, processingAt: true },
    });
    if (!v) return { kind: 'gone' };
    if (v.status === 'READY' || v.status === 'FAILED') return { kind: 'done' };
    const age = Date.now() - (v.processingAt?.getTime() ?? 0);
    return { kind: 'busy', retryInMs: Math.max(500, leaseMs - age + 250) };
  }

  /** Renews the lease; false when the version is no longer ours to write (deleted, or finished elsewhere). */
  async heartbeat(versionId: string, reingest = false): Promise<boolean> {
    const n = await this.prisma.client.documentVersion.updateMany({
      where: { id: versionId, status: reingest ? 'READY' : 'PROCESSING' },
      data: { processingAt: new Date() },
    });
    return n.count === 1;
  }

  storedPages(versionId: string): Promise<StoredPage[]> {
    return this.prisma.client.documentPage.findMany({
      where: { versionId },
      orderBy: { page: 'asc' },
      select: { page: true, label: true, text: true, ocr: true, noText: true },
    });
  }

  /** A page as soon as it is read (a resumed run skips it); its (versionId, page) key makes a repeat a no-op. */
  async savePage(versionId: string, p: StoredPage): Promise<void> {
    await this.prisma.client.documentPage.createMany({ data: [{ versionId, ...p }], skipDuplicates: true });
  }

  /**
   * The version becomes READY in one transaction: its chunks replace any earlier attempt's, its
   * counters are set, and it becomes the document's current version when it is newer than the
   * current one. Nothing of it is searchable before this commits.
   */
  async finishReady(v: ClaimedVersion, chunks: IndexedChunk[], outcome: ReadyOutcome): Promise<boolean> {
    return this.prisma.client.$transaction(
      async (tx) => {
        const locked = await tx.$queryRaw<
          { status: string }[]
        >`SELECT status FROM "DocumentVersion" WHERE id = ${v.id}::uuid FOR UPDATE`;
        if (locked[0]?.status !== (v.reingest ? 'READY' : 'PROCESSING')) return false;
        await tx.documentChunk.deleteMany({ where: { versionId: v.id } });
        await this.insertChunks(tx, v, chunks);
        await writeTermStats(tx, v.id);
        if (outcome.pages.length)
          await tx.$executeRaw`
            UPDATE "DocumentPage" p SET label = u.label, text = u.text
            FROM unnest(${outcome.pages.map((x) => x.page)}::int[], ${outcome.pages.map((x) => x.label)}::text[], ${outcome.pages.map((x) => x.text)}::text[]) AS u(page, label, text)
            WHERE p."versionId" = ${v.id}::uuid AND p.page = u.page`;
        await tx.documentVersion.update({
          where: { id: v.id },
          data: {
            status: 'READY',
            readyAt: new Date(),
            pageCount: outcome.pageCount,
            ocrPages: outcome.ocrPages,
            warnings: outcome.warnings,
            embeddingModel: outcome.embeddingModel,
            ingestVersion: INGEST_VERSION,
            failureCode: null,
            failureReason: null,
          },
        });
        const promoted = await tx.$executeRaw`
          UPDATE "Document" d SET "currentVersionId" = ${v.id}::uuid, "updatedAt" = now()
          WHERE d.id = ${v.documentId}::uuid
            AND (d."currentVersionId" IS NULL
                 OR (SELECT cv."versionNumber" FROM "DocumentVersion" cv WHERE cv.id = d."currentVersionId") < ${v.versionNumber})`;
        // a re-ingested version was READY already: nothing new to announce
        if (v.reingest) return true;
        await this.versionEvent(tx, v, 'document.version_ready', {
          pageCount: outcome.pageCount,
          ocrPages: outcome.ocrPages,
          warnings: outcome.warnings,
          chunks: chunks.length,
          current: promoted === 1,
        });
        // org documents only (the platform library has no org to tell)
        if (v.organizationId)
          await WebhookEvents.emit(tx, { organizationId: v.organizationId }, 'document.ready', v.documentId);
        return true;
      },
      { timeout: 120_000 },
    );
  }

  /** The audit row of a version's outcome (by the system): which version, then `data`. */
  private versionEvent(
    tx: Tx,
    v: Pick<ClaimedVersion, 'id' | 'documentId' | 'organizationId' | 'versionNumber'>,
    action: 'document.version_ready' | 'document.version_failed',
    data: Record<string, unknown>,
  ) {
    return this.audit.append(tx, {
      organizationId: v.organizationId,
      action,
      entityType: 'document',
      entityId: v.documentId,
      actorType: 'SYSTEM',
      data: { versionId: v.id, versionNumber: v.versionNumber, ...data },
    });
  }

  private async insertChunks(tx: Tx, v: ClaimedVersion, chunks: IndexedChunk[]) {
    const ids = chunks.map(() => randomUUID());
    for (let i = 0; i < chunks.length; i += 200) {
      const rows = chunks.slice(i, i + 200).map((c) => {
        const parentId = c.parentOrdinal === null ? null : ids[c.parentOrdinal]!;
        // parents are matched by their children only: no tsv of their own
        const tsv = c.parentOrdinal === null ? Prisma.sql`NULL` : Prisma.sql`to_tsvector('simple', ${c.tokens})`;
        return Prisma.sql`(${ids[c.ordinal]!}::uuid, ${v.id}::uuid, ${v.documentId}::uuid, ${v.organizationId}::uuid, ${c.ordinal}, ${parentId}::uuid, ${c.pageStart}, ${c.pageEnd}, ${c.section}, ${c.text}, ${c.tokens}, ${tsv}, ${c.embedding}::bytea)`;
      });
      await tx.$executeRaw`
        INSERT INTO "DocumentChunk" (id, "versionId", "documentId", "organizationId", ordinal, "parentId", "pageStart", "pageEnd", section, text, tokens, tsv, embedding)
        VALUES ${Prisma.join(rows)}`;
    }
  }

  /** FAILED with a reason; whatever an attempt stored (pages, chunks) goes, so nothing half-read remains. */
  async fail(
    v: Pick<ClaimedVersion, 'id' | 'documentId' | 'organizationId' | 'versionNumber'>,
    code: IngestFailureCode | 'PROCESSING_ERROR',
    reason: string,
  ): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const n = await tx.documentVersion.updateMany({
        where: { id: v.id, status: { in: ['UPLOADED', 'PROCESSING'] } },
        data: { status: 'FAILED', failureCode: code, failureReason: reason.slice(0, 500) },
      });
      if (n.count === 0) return false;
      await tx.documentChunk.deleteMany({ where: { versionId: v.id } });
      await dropTermStats(tx, v.id);
      await tx.documentPage.deleteMany({ where: { versionId: v.id } });
      await this.versionEvent(tx, v, 'document.version_failed', {
        failureCode: code,
        failureReason: reason.slice(0, 500),
      });
      return true;
    });
  }

  versionForFailure(versionId: string) {
    return this.prisma.client.documentVersion.findUnique({
      where: { id: versionId },
      select: { id: true, documentId: true, organizationId: true, versionNumber: true },
    });
  }

  /**
   * Versions a worker should (re)start: waiting, PROCESSING under an expired lease, or the current
   * READY version of a document indexed by older ingestion code (not under a re-ingestion's lease).
   */
  unfinished(leaseMs: number, limit = 500) {
    const expired = Prisma.sql`("processingAt" IS NULL OR "processingAt" < now() - make_interval(secs => ${leaseMs / 1000}))`;
    return this.prisma.client.$queryRaw<{ id: string; organizationId: string | null }[]>`
      SELECT id, "organizationId" FROM "DocumentVersion" v
      WHERE status = 'UPLOADED' OR (status = 'PROCESSING' AND ${expired})
        OR (status = 'READY' AND "ingestVersion" < ${INGEST_VERSION} AND ${expired}
            AND EXISTS (SELECT 1 FROM "Document" d WHERE d."currentVersionId" = v.id))
      ORDER BY "createdAt" LIMIT ${limit}`;
  }

  /**
   * A re-ingestion that cannot finish (the stored file is gone or unreadable now): the version keeps
   * its chunks and is marked as seen by this ingestion code, so it is not retried on every resume.
   */
  async keepAsIs(versionId: string): Promise<boolean> {
    const n = await this.prisma.client.documentVersion.updateMany({
      where: { id: versionId, status: 'READY', ingestVersion: { lt: INGEST_VERSION } },
      data: { ingestVersion: INGEST_VERSION },
    });
    return n.count === 1;
  }
}
