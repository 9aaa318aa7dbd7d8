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
import { orgApi } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

/**
 * Queries of the knowledge base. Keys start with ['orgs', orgId, 'knowledge', …], so switching
 * orgs never shows another org's manuals and one write refreshes the whole family.
 */
export const knowledgeKeys = {
  all: (orgId: string) => orgKey(orgId, 'knowledge'),
  documents: (orgId: string) => orgKey(orgId, 'knowledge', 'documents'),
  lists: (orgId: string) => orgKey(orgId, 'knowledge', 'documents', 'list'),
  list: (orgId: string, filter: DocumentFilter) => orgKey(orgId, 'knowledge', 'documents', 'list', filter),
  detail: (orgId: string, id: string) => orgKey(orgId, 'knowledge', 'documents', 'detail', id),
  page: (orgId: string, id: string, versionId: string, page: number) =>
    orgKey(orgId, 'knowledge', 'page', id, versionId, page),
  answers: (orgId: string) => orgKey(orgId, 'knowledge', 'answer'),
  answer: (orgId: string, ask: AskInput) => orgKey(orgId, 'knowledge', 'answer', ask),
};

export const documentApi = (orgId: string, id: string) => `${orgApi(orgId)}/documents/${encodeURIComponent(id)}`;
export const pageApi = (orgId: string, id: string, versionId: string, page: number) =>
  `${documentApi(orgId, id)}/versions/${encodeURIComponent(versionId)}/pages/${page}`;
/** the rendered page (PNG) through the BFF: an <img> sends the session cookie itself */
export const pageImageUrl = (orgId: string, id: string, versionId: string, page: number) =>
  `/api/proxy/${pageApi(orgId, id, versionId, page)}/image`;

export type DocumentFilter = Pick<TListDocumentsQuery, 'q' | 'source' | 'assetId' | 'machineModelId'> & {
  limit?: number;
};

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
    refetchInterval: (query) =>
      query.state.data && isPending(query.state.data.latestVersion.status) ? POLL_MS : false,
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

/** A question as it is asked: the text and at most one narrowing (a machine or a model), or the manual picked after an ask-back. */
export type AskInput = { question: string; assetId?: string; machineModelId?: string; documentId?: string };

/**
 * An answer is a read (POST only because a question can be long): cached under the question,
 * so the back button from a cited page shows the same answer again without asking twice.
 */
export function answerQuery(orgId: string, ask: AskInput) {
  return queryOptions({
    queryKey: knowledgeKeys.answer(orgId, ask),
    queryFn: ({ signal }) =>
      apiFetch(`${orgApi(orgId)}/knowledge/answers`, ZKnowledgeAnswer, { method: 'POST', body: ask, signal }),
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
    enabled: ask.question.trim().length > 0,
  });
}
