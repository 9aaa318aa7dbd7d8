import type { PrismaClient } from '@amms/db';

const EXCERPT_CHARS = 80;
const MAX_REFS = 10;

/**
 * The manual pages (current versions of the org's and the platform's documents) that name one of
 * the part's numbers, each cited by document, version and page with the words around the match.
 * A number matches as a whole token (not inside a longer number).
 */
export async function manualRefs(db: PrismaClient, organizationId: string, numbers: readonly string[]) {
  if (numbers.length === 0) return [];
  const patterns = numbers.map((n) => `(^|[^A-Za-z0-9-])${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z0-9-])`);
  const rows = await db.$queryRaw<
    { documentId: string; versionId: string; title: string; page: number; text: string }[]
  >`
    SELECT d.id AS "documentId", p."versionId", d.title, p.page, p.text
    FROM "Document" d JOIN "DocumentPage" p ON p."versionId" = d."currentVersionId"
    WHERE (d."organizationId" IS NULL OR d."organizationId" = ${organizationId}::uuid)
      AND p.text ~* ANY(${patterns}::text[])
    ORDER BY d.title, p.page
    LIMIT ${MAX_REFS}`;
  return rows.map((r) => ({
    documentId: r.documentId,
    versionId: r.versionId,
    title: r.title,
    page: r.page,
    excerpt: excerptAround(r.text, numbers),
  }));
}

function excerptAround(text: string, numbers: readonly string[]): string {
  const lower = text.toLowerCase();
  const at = Math.max(0, ...numbers.map((n) => lower.indexOf(n.toLowerCase())).filter((i) => i >= 0));
  const from = Math.max(0, at - EXCERPT_CHARS);
  const to = Math.min(text.length, at + EXCERPT_CHARS);
  return `${from > 0 ? '…' : ''}${text.slice(from, to).replace(/\s+/g, ' ').trim()}${to < text.length ? '…' : ''}`;
}
