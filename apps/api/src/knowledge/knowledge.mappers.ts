import type { TCitation, TDocument, TDocumentDetail, TDocumentVersion } from '@amms/contracts/knowledge';
import type { DocumentRow, VersionRow } from './documents.repository.js';

export function toVersion(v: VersionRow): TDocumentVersion {
  return {
    id: v.id,
    documentId: v.documentId,
    versionNumber: v.versionNumber,
    status: v.status,
    fileName: v.fileName,
    sizeBytes: v.sizeBytes,
    sha256: v.sha256,
    pageCount: v.pageCount,
    ocrPages: v.ocrPages,
    warnings: v.warnings,
    failureCode: v.failureCode,
    failureReason: v.failureReason,
    createdAt: v.createdAt.toISOString(),
    readyAt: v.readyAt?.toISOString() ?? null,
  };
}

/** `latestVersion` = the highest version number (rows carry their versions newest first). */
export function toDocument(d: DocumentRow): TDocument {
  const latest = d.versions[0];
  if (!latest) throw new Error(`document ${d.id} has no version`);
  return {
    id: d.id,
    organizationId: d.organizationId,
    title: d.title,
    language: d.language,
    machineModelIds: d.models.map((m) => m.machineModelId).sort(),
    currentVersionId: d.currentVersionId,
    latestVersion: toVersion(latest),
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

export function toDocumentDetail(d: DocumentRow, versions: VersionRow[]): TDocumentDetail {
  return { ...toDocument(d), versions: versions.map(toVersion) };
}

/** A passage as it is quoted (agent answers, MCP tools): its document, version, title, page and the snippet given. */
export function citationRef(
  p: Pick<TCitation, 'documentId' | 'versionId' | 'title' | 'page' | 'pageLabel'>,
  snippet: string,
): Omit<TCitation, 'score'> {
  return {
    documentId: p.documentId,
    versionId: p.versionId,
    title: p.title,
    page: p.page,
    pageLabel: p.pageLabel,
    snippet,
  };
}
