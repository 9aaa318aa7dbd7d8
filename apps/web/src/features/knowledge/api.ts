import {
  ZDocumentDetail,
  ZDocumentPage,
  ZKnowledgeAnswer,
  ZListDocumentsResponse,
  type TDocument,
  type TDocumentVersionStatus,
  type TListDocumentsQuery,
} from '@amms/contracts/knowledge';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { cursorListQuery } from '@/lib/cursor-list';

/**
 * Queries of the knowledge base. Keys start with ['orgs', orgId, 'knowledge', …], so switching
 * orgs never shows another org's manuals and one write refreshes the whole family.
 */
export const knowledgeKeys = {
  all: (orgId: string) => ['orgs', orgId, 'knowledge'] as const,
  documents: (orgId: string) => ['orgs', orgId, 'knowledge', 'documents'] as const,
  lists: (orgId: string) => ['orgs', orgId, 'knowledge', 'documents', 'list'] as const,
  list: (orgId: string, filter: DocumentFilter) => ['orgs', orgId, 'knowledge', 'documents', 'list', filter] as const,
  detail: (orgId: string, id: string) => ['orgs', orgId, 'knowledge', 'documents', 'detail', id] as const,
  page: (orgId: string, id: string, versionId: string, page: number) => ['orgs', orgId, 'knowledge', 'page', id, versionId, page] as const,
  answers: (orgId: string) => ['orgs', orgId, 'knowledge', 'answer'] as const,
  answer: (orgId: string, ask: AskInput) => ['orgs', orgId, 'knowledge', 'answer', ask] as const,
};

export const orgApi = (orgId: string) => `orgs/${encodeURIComponent(orgId)}`;
export const documentApi = (orgId: string, id: string) => `${orgApi(orgId)}/documents/${encodeURIComponent(id)}`;
export const pageApi = (orgId: string, id: string, versionId: string, page: number) =>
  `${documentApi(orgId, id)}/versions/${encodeURIComponent(versionId)}/pages/${page}`;
/** the rendered page (PNG) through the BFF: an <img> sends the session cookie itself */
export const pageImageUrl = (orgId: string, id: string, versionId: string, page: number) => `/api/proxy/${pageApi(orgId, id, versionId, page)}/image`;

export type DocumentFilter = Pick<TListDocumentsQuery, 'q' | 'source' | 'assetId' | 'machineModelId'> & { limit?: number };

/** a version still on its way: the lists and the document page poll until it is READY or FAILED */
export const isPending = (status: TDocumentVersionStatus) => status === 'UPLOADED' || status === 'PROCESSING';
const POLL_MS = 2000;

export function documentsQuery(orgId: string, filter: DocumentFilter) {
  return {
    ...cursorListQuery(knowledgeKeys.list(orgId, filter), (cursor, signal) => {
      const q = new URLSearchParams({ limit: String(filter.limit ?? 50) });
      for (const key of ['q', 'source', 'assetId', 'machineModelId'] as const) {
        const value = filter[key];
        if (value) q.set(key, value);
      }
      if (cursor) q.set('cursor', cursor);
      return apiFetch(`${orgApi(orgId)}/documents?${q.toString()}`, ZListDocumentsResponse, { signal });
    }),
    refetchInterval: (query: { state: { data?: { pages: { items: TDocument[] }[] } } }) =>
      query.state.data?.pages.some((p) => p.items.some((d) => isPending(d.latestVersion.status))) ? POLL_MS : false,
  };
}

export function documentQuery(orgId: string, id: string) {
  return queryOptions({
    queryKey: knowledgeKeys.detail(orgId, id),
    queryFn: ({ signal }) => apiFetch(documentApi(orgId, id), ZDocumentDetail, { signal }),
    refetchInterval: (query) => (query.state.data && isPending(query.state.data.latestVersion.status) ? POLL_MS : false),
  });
}

export function pageQuery(orgId: string, id: string, versionId: string, page: number) {
  return queryOptions({
    queryKey: knowledgeKeys.page(orgId, id, versionId, page),
    queryFn: ({ signal }) => apiFetch(pageApi(orgId, id, versionId, page), ZDocumentPage, { signal }),
    // a version's pages never change; only `current` may, when a newer version is READY
    staleTime: 60_000,
  });
}

/** A question as it is asked: the text and at most one narrowing (a machine or a model). */
export type AskInput = { question: string; assetId?: string; machineModelId?: string };

/**
 * An answer is a read (POST only because a question can be long): cached under the question,
 * so the back button from a cited page shows the same answer again without asking twice.
 */
export function answerQuery(orgId: string, ask: AskInput) {
  return queryOptions({
    queryKey: knowledgeKeys.answer(orgId, ask),
    queryFn: ({ signal }) => apiFetch(`${orgApi(orgId)}/knowledge/answers`, ZKnowledgeAnswer, { method: 'POST', body: ask, signal }),
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
    enabled: ask.question.trim().length > 0,
  });
}
