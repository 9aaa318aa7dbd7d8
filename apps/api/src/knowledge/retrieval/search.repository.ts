import { Injectable } from '@nestjs/common';
import { Prisma } from '@amms/db';
import { PrismaService } from '../../platform/prisma/prisma.service.js';

/** What a search may see: the org's and the platform's documents, their current READY versions, optionally one machine model's. */
export interface SearchScope {
  organizationId: string;
  machineModelId?: string;
}

export interface RankedId {
  id: string;
  score: number;
}

export interface ChunkDetail {
  id: string;
  documentId: string;
  versionId: string;
  title: string;
  language: 'zh' | 'en';
  pageStart: number;
  pageEnd: number;
  section: string | null;
  text: string;
}

/**
 * The permission + version filter is part of every query (never applied after loading): a
 * chunk is visible when its version is the current, READY version of a document owned by the
 * org or by the platform (and linked to the machine model when one is given).
 */
const visible = (s: SearchScope) => Prisma.sql`
  SELECT d.id, d."currentVersionId" AS vid
  FROM "Document" d JOIN "DocumentVersion" v ON v.id = d."currentVersionId" AND v.status = 'READY'
  WHERE (d."organizationId" = ${s.organizationId}::uuid OR d."organizationId" IS NULL)
  ${s.machineModelId ? Prisma.sql`AND EXISTS (SELECT 1 FROM "DocumentModel" m WHERE m."documentId" = d.id AND m."machineModelId" = ${s.machineModelId}::uuid)` : Prisma.empty}`;

@Injectable()
export class SearchRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Full-text over segmented tokens: `tokens` OR-ed, ranked by cover density (length-normalised). */
  lexical(s: SearchScope, tokens: string[], limit: number): Promise<RankedId[]> {
    if (tokens.length === 0) return Promise.resolve([]);
    const tsq = tokens.join(' | ');
    return this.prisma.client.$queryRaw<RankedId[]>`
      WITH docs AS (${visible(s)})
      SELECT c.id, ts_rank_cd(c.tsv, q, 1)::float8 AS score
      FROM "DocumentChunk" c JOIN docs ON c."versionId" = docs.vid, to_tsquery('simple', ${tsq}) q
      WHERE c.tsv @@ q
      ORDER BY score DESC, c.id LIMIT ${limit}`;
  }

  /** Trigram word similarity for model numbers and fault codes (tolerates spacing and case). */
  trigram(s: SearchScope, codes: string[], limit: number): Promise<RankedId[]> {
    if (codes.length === 0) return Promise.resolve([]);
    const parts = codes.map(
      (code) =>
        Prisma.sql`SELECT c.id, word_similarity(${code}, c.text)::float8 AS score FROM "DocumentChunk" c JOIN docs ON c."versionId" = docs.vid WHERE ${code} <% c.text AND c."parentId" IS NOT NULL`,
    );
    return this.prisma.client.$queryRaw<RankedId[]>`
      WITH docs AS (${visible(s)})
      SELECT id, sum(score)::float8 AS score FROM (${Prisma.join(parts, ' UNION ALL ')}) t
      GROUP BY id ORDER BY score DESC, id LIMIT ${limit}`;
  }

  /** Visible chunks with vectors of `modelKey`, a page after `after` in id order (dense-scan.ts reads them all). */
  embedded(
    s: SearchScope,
    modelKey: string,
    after: string | null,
    limit: number,
  ): Promise<{ id: string; embedding: Uint8Array }[]> {
    return this.prisma.client.$queryRaw`
      WITH docs AS (${visible(s)})
      SELECT c.id, c.embedding FROM "DocumentChunk" c
      JOIN docs ON c."versionId" = docs.vid
      JOIN "DocumentVersion" v ON v.id = c."versionId" AND v."embeddingModel" = ${modelKey}
      WHERE c.embedding IS NOT NULL ${after ? Prisma.sql`AND c.id > ${after}::uuid` : Prisma.empty}
      ORDER BY c.id LIMIT ${limit}`;
  }

  /**
   * How many visible chunks contain each word (for idf weights), and how many child chunks are
   * visible: sums of the per-version statistics written at ingestion (term-stats.ts), an index
   * lookup per word and visible version instead of counting matching chunks. A word that the index
   * splits into several terms (matched as all of them in one chunk) is still counted on the chunks.
   */
  async documentFrequencies(s: SearchScope, wordsIn: string[]): Promise<{ total: number; df: Map<string, number> }> {
    const rows = await this.prisma.client.$queryRaw<{ w: string | null; n: bigint }[]>`
      WITH docs AS MATERIALIZED (${visible(s)}),
      q AS (SELECT w, tsvector_to_array(to_tsvector('simple', w)) AS lx FROM unnest(${wordsIn}::text[]) w)
      SELECT NULL AS w, (SELECT coalesce(sum(v."searchChunks"), 0) FROM "DocumentVersion" v JOIN docs ON v.id = docs.vid)::bigint AS n
      UNION ALL
      SELECT w, CASE cardinality(lx)
        WHEN 0 THEN 0
        WHEN 1 THEN (SELECT coalesce(sum(t.chunks), 0) FROM "DocumentTermStat" t JOIN docs ON t."versionId" = docs.vid WHERE t.term = lx[1])
        ELSE (SELECT count(*) FROM "DocumentChunk" c JOIN docs ON c."versionId" = docs.vid WHERE c.tsv @@ plainto_tsquery('simple', w))
      END::bigint AS n
      FROM q`;
    const df = new Map<string, number>();
    let total = 0;
    for (const r of rows) {
      if (r.w === null) total = Number(r.n);
      else df.set(r.w, Number(r.n));
    }
    return { total, df };
  }

  /**
   * Whether any visible chunk says one of the terms: a Chinese term as a substring of the text
   * (segmentation may differ), a Latin term by its index tokens (all of them in one chunk).
   */
  async saysAny(s: SearchScope, terms: { han: string[]; latin: string[] }): Promise<boolean> {
    if (terms.han.length === 0 && terms.latin.length === 0) return false;
    const patterns = terms.han.map((t) => `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const rows = await this.prisma.client.$queryRaw<{ says: boolean }[]>`
      WITH docs AS (${visible(s)})
      SELECT EXISTS (
        SELECT 1 FROM "DocumentChunk" c JOIN docs ON c."versionId" = docs.vid
        WHERE c."parentId" IS NOT NULL
          AND (c.text ILIKE ANY(${patterns}::text[])
               OR c.tsv @@ ANY(SELECT plainto_tsquery('simple', t) FROM unnest(${terms.latin}::text[]) t))
      ) AS says`;
    return rows[0]?.says ?? false;
  }

  /** The visible documents' titles (a title that names the machine in the question lifts its chunks). */
  titles(s: SearchScope): Promise<{ id: string; versionId: string; title: string; language: 'zh' | 'en' }[]> {
    return this.prisma.client.$queryRaw`
      WITH docs AS (${visible(s)})
      SELECT d.id, docs.vid AS "versionId", d.title, d.language::text AS language FROM "Document" d JOIN docs ON docs.id = d.id`;
  }

  /** Chunks by id, re-checked against the same visibility (a document deleted or superseded meanwhile drops out). */
  details(s: SearchScope, ids: string[]): Promise<ChunkDetail[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.prisma.client.$queryRaw<ChunkDetail[]>`
      WITH docs AS (${visible(s)})
      SELECT c.id, c."documentId", c."versionId", d.title, d.language::text AS language, c."pageStart", c."pageEnd", c.section, c.text
      FROM "DocumentChunk" c JOIN docs ON c."versionId" = docs.vid JOIN "Document" d ON d.id = docs.id
      WHERE c.id = ANY(${ids}::uuid[])`;
  }

  /** Page texts and labels of the given (version, page) pairs. */
  async pages(keys: { versionId: string; page: number }[]): Promise<Map<string, { label: string; text: string }>> {
    const out = new Map<string, { label: string; text: string }>();
    if (keys.length === 0) return out;
    const rows = await this.prisma.client.$queryRaw<{ versionId: string; page: number; label: string; text: string }[]>`
      SELECT p."versionId", p.page, p.label, p.text FROM "DocumentPage" p
      JOIN unnest(${keys.map((k) => k.versionId)}::uuid[], ${keys.map((k) => k.page)}::int[]) AS k(vid, pg) ON p."versionId" = k.vid AND p.page = k.pg`;
    for (const r of rows) out.set(`${r.versionId}:${r.page}`, { label: r.label, text: r.text });
    return out;
  }

  /** The sections (parent chunks) of child chunks already loaded through the visibility filter. */
  sections(childIds: string[]): Promise<{ childId: string; text: string; pageStart: number; pageEnd: number }[]> {
    if (childIds.length === 0) return Promise.resolve([]);
    return this.prisma.client.$queryRaw`
      SELECT c.id AS "childId", p.text, p."pageStart", p."pageEnd"
      FROM "DocumentChunk" c JOIN "DocumentChunk" p ON p.id = c."parentId"
      WHERE c.id = ANY(${childIds}::uuid[])`;
  }

  /** The first page's text of each version (its cover: the edition is printed there). */
  async firstPages(versionIds: string[]): Promise<Map<string, string>> {
    if (versionIds.length === 0) return new Map();
    const rows = await this.prisma.client.$queryRaw<{ versionId: string; text: string }[]>`
      SELECT "versionId", text FROM "DocumentPage" WHERE "versionId" = ANY(${versionIds}::uuid[]) AND page = 1`;
    return new Map(rows.map((r) => [r.versionId, r.text]));
  }
}
