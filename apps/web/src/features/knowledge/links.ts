import { safeReturnTo } from '@/lib/login-path';
import { orgPath } from '@/lib/nav';

/** Where a cited page opens: `hl` carries the snippet(s) to highlight, `back` the way back to the answer. */
export type PageTarget = {
  documentId: string;
  versionId: string;
  page: number;
  highlight?: readonly string[];
  back?: string;
};

/** The page a citation points at, its snippet highlighted, with the way `back` to the answer. */
export const citationTarget = (
  c: { documentId: string; versionId: string; page: number; snippet: string },
  back: string,
): PageTarget => ({ documentId: c.documentId, versionId: c.versionId, page: c.page, highlight: [c.snippet], back });

const enc = encodeURIComponent;

function withQuery(path: string, params: Record<string, string | readonly string[] | undefined>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string' && value) q.set(key, value);
    else if (Array.isArray(value)) for (const v of value) if (v) q.append(key, v);
  }
  const qs = q.toString();
  return qs ? `${path}?${qs}` : path;
}

export const knowledgePaths = {
  ask: (orgId: string, params: { q?: string; asset?: string; model?: string } = {}) =>
    withQuery(orgPath(orgId, 'knowledge'), params),
  documents: (orgId: string) => orgPath(orgId, 'knowledge/documents'),
  document: (orgId: string, id: string) => orgPath(orgId, `knowledge/documents/${enc(id)}`),
  page: (orgId: string, t: PageTarget) =>
    withQuery(orgPath(orgId, `knowledge/documents/${enc(t.documentId)}/versions/${enc(t.versionId)}/pages/${t.page}`), {
      hl: t.highlight,
      back: t.back,
    }),
};

/** The field app's copies: the same views inside the phone frame, the org in `?org=`. */
export const fieldKnowledgePaths = {
  ask: (orgId: string, params: { q?: string; asset?: string; back?: string } = {}) =>
    withQuery('/field/ask', { org: orgId, ...params }),
  page: (orgId: string, t: PageTarget) =>
    withQuery(`/field/documents/${enc(t.documentId)}/versions/${enc(t.versionId)}/pages/${t.page}`, {
      org: orgId,
      hl: t.highlight,
      back: t.back,
    }),
};

/** A `back` link may only lead inside the app: `safeReturnTo`'s same-origin path, under one of `prefixes`. */
export function safeBack(value: string | null | undefined, prefixes: readonly string[]): string | null {
  const path = safeReturnTo(value);
  if (!path) return null;
  const pathname = path.split(/[?#]/)[0]!;
  return prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`)) ? path : null;
}
