import { AppError } from '../platform/errors/app-error.js';
import { uploadTooLarge } from '../platform/uploads/multipart-form.js';

export const KnowledgeErrors = {
  documentNotFound: () => new AppError('NOT_FOUND', 'Document not found'),
  versionNotFound: () => new AppError('NOT_FOUND', 'Document version not found'),
  pageNotFound: (pageCount: number) =>
    new AppError('NOT_FOUND', `Page not found (the version has ${pageCount} pages)`, { pageCount }),
  assetNotFound: () => new AppError('NOT_FOUND', 'Asset not found', { field: 'assetId' }),
  modelNotFound: (id: string) => new AppError('NOT_FOUND', 'Machine model not found', { field: 'machineModelIds', id }),
  notPdf: () => new AppError('FILE_NOT_PDF', 'The file is not a PDF (its content does not start with %PDF-)'),
  tooLarge: (maxBytes: number) => uploadTooLarge(maxBytes),
  notReady: (status: string) =>
    new AppError('DOCUMENT_NOT_READY', `This version is ${status}: its pages are not available`, { status }),
  platformReadOnly: () =>
    new AppError('FORBIDDEN', 'This is a platform library document: only platform admins can change it'),
  platformAdminOnly: () => new AppError('FORBIDDEN', 'Only platform admins manage the platform library'),
};

/** Why an ingestion failed: stable codes shown with the version (contract: failureCode). */
export type IngestFailureCode = 'ENCRYPTED' | 'BROKEN_PDF' | 'NO_PAGES' | 'TOO_MANY_PAGES' | 'FILE_MISSING';

export class IngestFailure extends Error {
  constructor(
    readonly code: IngestFailureCode,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'IngestFailure';
  }
}
