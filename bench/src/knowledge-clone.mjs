// bench:knowledge's library at scale: the READY platform manuals cloned in SQL into an org
// (documents, versions, pages, chunks with their tsvectors and embeddings, and the versions' term
// statistics), generating a library of any size cheaply instead of OCR-ing it.
import pg from 'pg';

/** Clones the READY platform manuals into the org until it sees `target` pages (ids derived with md5: re-runnable). */
export async function clonePages(databaseUrl, orgId, target) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query(
    `SELECT coalesce(sum(v."pageCount"), 0)::int AS pages FROM "Document" d JOIN "DocumentVersion" v ON v.id = d."currentVersionId" WHERE d."organizationId" IS NULL`,
  );
  const per = rows[0].pages;
  const have = (
    await db.query(
      `SELECT coalesce(sum(v."pageCount"), 0)::int AS pages FROM "Document" d JOIN "DocumentVersion" v ON v.id = d."currentVersionId" WHERE d."organizationId" = $1`,
      [orgId],
    )
  ).rows[0].pages;
  const copies = Math.max(0, Math.ceil((target - per - have) / per));
  const t0 = Date.now();
  const src = `FROM "Document" d JOIN "DocumentVersion" v ON v.id = d."currentVersionId", generate_series(1, ${copies}) n WHERE d."organizationId" IS NULL`;
  // md5-derived ids (re-runnable), shaped as RFC 4122 v4 so the API's contracts accept them
  await db.query(
    `CREATE FUNCTION pg_temp.bid(t text) RETURNS uuid IMMUTABLE LANGUAGE sql AS $$ SELECT overlay(overlay(md5(t) placing '4' from 13) placing '8' from 17)::uuid $$`,
  );
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO "Document" (id, "organizationId", title, language, "createdAt", "updatedAt") SELECT pg_temp.bid(d.id::text || n), $1, d.title || ' · copy ' || n, d.language, now(), now() ${src}`,
    [orgId],
  );
  await db.query(
    `INSERT INTO "DocumentVersion" (id, "documentId", "organizationId", "versionNumber", status, "fileName", "sizeBytes", sha256, "pageCount", "ocrPages", warnings, "readyAt", "ingestVersion", "searchChunks", "embeddingModel") SELECT pg_temp.bid(v.id::text || n), pg_temp.bid(d.id::text || n), $1, 1, 'READY', v."fileName", v."sizeBytes", encode(sha256(convert_to(v.sha256 || n, 'UTF8')), 'hex'), v."pageCount", v."ocrPages", v.warnings, now(), v."ingestVersion", v."searchChunks", v."embeddingModel" ${src}`,
    [orgId],
  );
  await db.query(
    `UPDATE "Document" d SET "currentVersionId" = pg_temp.bid(src."currentVersionId"::text || n) FROM "Document" src, generate_series(1, ${copies}) n WHERE src."organizationId" IS NULL AND d.id = pg_temp.bid(src.id::text || n)`,
  );
  await db.query(
    `INSERT INTO "DocumentPage" ("versionId", page, label, text, ocr, "noText") SELECT pg_temp.bid(v.id::text || n), p.page, p.label, p.text, p.ocr, p."noText" FROM "DocumentPage" p JOIN "DocumentVersion" v ON v.id = p."versionId" JOIN "Document" d ON d."currentVersionId" = v.id, generate_series(1, ${copies}) n WHERE d."organizationId" IS NULL`,
  );
  await db.query(
    `INSERT INTO "DocumentChunk" (id, "versionId", "documentId", "organizationId", ordinal, "parentId", "pageStart", "pageEnd", section, text, tokens, tsv, embedding)
    SELECT pg_temp.bid(c.id::text || n), pg_temp.bid(c."versionId"::text || n), pg_temp.bid(c."documentId"::text || n), $1, c.ordinal, CASE WHEN c."parentId" IS NULL THEN NULL ELSE pg_temp.bid(c."parentId"::text || n) END, c."pageStart", c."pageEnd", c.section, c.text, c.tokens, c.tsv, c.embedding
    FROM "DocumentChunk" c JOIN "Document" d ON d."currentVersionId" = c."versionId", generate_series(1, ${copies}) n WHERE d."organizationId" IS NULL`,
    [orgId],
  );
  // the term statistics ingestion writes with the chunks (search's idf weights)
  await db.query(
    `INSERT INTO "DocumentTermStat" ("versionId", term, chunks) SELECT pg_temp.bid(t."versionId"::text || n), t.term, t.chunks FROM "DocumentTermStat" t JOIN "Document" d ON d."currentVersionId" = t."versionId", generate_series(1, ${copies}) n WHERE d."organizationId" IS NULL`,
  );
  await db.query('COMMIT');
  await db.query(
    'ANALYZE "DocumentChunk"; ANALYZE "DocumentPage"; ANALYZE "DocumentTermStat"; ANALYZE "DocumentVersion"; ANALYZE "Document"',
  );
  const total = (
    await db.query(
      `SELECT coalesce(sum(v."pageCount"), 0)::int AS pages, count(*)::int AS docs FROM "Document" d JOIN "DocumentVersion" v ON v.id = d."currentVersionId" WHERE d."organizationId" = $1 OR d."organizationId" IS NULL`,
      [orgId],
    )
  ).rows[0];
  const chunks = (await db.query('SELECT count(*)::int AS n FROM "DocumentChunk"')).rows[0].n;
  await db.end();
  console.log(
    `  cloned ${copies} copies of the demo manuals in ${((Date.now() - t0) / 1000).toFixed(1)} s: the org sees ${total.pages} pages in ${total.docs} documents (${chunks} chunks)`,
  );
}
