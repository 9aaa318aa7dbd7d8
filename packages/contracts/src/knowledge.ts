import { z } from 'zod';

/**
 * The knowledge base (issue #13): machine manuals uploaded as PDF, read page by page (text layer,
 * OCR for image-only pages), chunked, indexed, searched (lexical ⊕ optional dense, RRF) and
 * answered with page citations. Documents are org-private (`organizationId` set) or platform-public
 * (`organizationId` null, readable by every org like the platform machine catalog). Versions are
 * immutable; a document's `currentVersionId` is its newest READY version, the only one searched.
 */

const ZInstant = z.iso.datetime({ offset: true });

export const DOCUMENT_LANGUAGES = ['zh', 'en'] as const;
export const ZDocumentLanguage = z.enum(DOCUMENT_LANGUAGES);
export type TDocumentLanguage = z.infer<typeof ZDocumentLanguage>;

/** UPLOADED (stored, waiting for the worker) → PROCESSING → READY | FAILED. */
export const DOCUMENT_VERSION_STATUSES = ['UPLOADED', 'PROCESSING', 'READY', 'FAILED'] as const;
export const ZDocumentVersionStatus = z.enum(DOCUMENT_VERSION_STATUSES);
export type TDocumentVersionStatus = z.infer<typeof ZDocumentVersionStatus>;

/** Largest accepted upload (the 100 MB). */
export const DOCUMENT_MAX_BYTES = 100 * 1024 * 1024;

export const ZDocumentVersion = z.object({
  id: z.uuid(),
  documentId: z.uuid(),
  /** 1, 2, … in upload order */
  versionNumber: z.number().int().positive(),
  status: ZDocumentVersionStatus,
  fileName: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  pageCount: z.number().int().nonnegative().nullable(),
  /** physical page numbers (1-based) whose text came from OCR */
  ocrPages: z.array(z.number().int().positive()),
  /** e.g. "OCR not installed: pages 7, 9 have no text" — the version is still READY */
  warnings: z.array(z.string()),
  /** machine-readable reason of a FAILED version: ENCRYPTED, BROKEN_PDF, NO_PAGES, TOO_MANY_PAGES, … */
  failureCode: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: ZInstant,
  readyAt: ZInstant.nullable(),
});
export type TDocumentVersion = z.infer<typeof ZDocumentVersion>;

export const ZDocument = z.object({
  id: z.uuid(),
  /** null = platform library (read-only for orgs) */
  organizationId: z.uuid().nullable(),
  title: z.string(),
  language: ZDocumentLanguage,
  machineModelIds: z.array(z.uuid()),
  /** the newest READY version: what answers cite; null until the first one is READY */
  currentVersionId: z.uuid().nullable(),
  /** the newest version whatever its status (shows PROCESSING / FAILED of a new upload) */
  latestVersion: ZDocumentVersion,
  createdAt: ZInstant,
  updatedAt: ZInstant,
});
export type TDocument = z.infer<typeof ZDocument>;

export const ZDocumentDetail = ZDocument.extend({ versions: z.array(ZDocumentVersion) });
export type TDocumentDetail = z.infer<typeof ZDocumentDetail>;

/**
 * Multipart form fields of `POST /orgs/:orgId/documents` and `POST /platform/documents`
 * (besides `file`, the PDF). `machineModelIds` may repeat (`machineModelIds[]` or `machineModelIds`).
 */
export const ZUploadDocumentFields = z.object({
  title: z.string().trim().min(1).max(200),
  language: ZDocumentLanguage,
  machineModelIds: z.array(z.uuid()).max(50).default([]),
});
export type TUploadDocumentFields = z.infer<typeof ZUploadDocumentFields>;

/** `POST /orgs/:orgId/documents/:id/versions` (multipart `file`): the next version. */
export const ZUploadResponse = z.object({
  document: ZDocument,
  version: ZDocumentVersion,
  /** true when this exact file (sha256) was already uploaded: nothing new was stored or processed */
  duplicate: z.boolean(),
});
export type TUploadResponse = z.infer<typeof ZUploadResponse>;

export const ZUpdateDocumentRequest = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  machineModelIds: z.array(z.uuid()).max(50).optional(),
});
export type TUpdateDocumentRequest = z.infer<typeof ZUpdateDocumentRequest>;

export const ZListDocumentsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().min(1).max(500).optional(),
  machineModelId: z.uuid().optional(),
  /** documents linked to this machine's model */
  assetId: z.uuid().optional(),
  q: z.string().trim().min(1).max(200).optional(),
  /** ORG = the org's own, PLATFORM = the platform library, both when absent */
  source: z.enum(['ORG', 'PLATFORM']).optional(),
});
export type TListDocumentsQuery = z.infer<typeof ZListDocumentsQuery>;

export const ZListDocumentsResponse = z.object({ items: z.array(ZDocument), nextCursor: z.string().nullable() });
export type TListDocumentsResponse = z.infer<typeof ZListDocumentsResponse>;

/** `GET /orgs/:orgId/documents/:id/versions/:versionId/pages/:page` (`/image` → PNG). */
export const ZDocumentPage = z.object({
  documentId: z.uuid(),
  versionId: z.uuid(),
  title: z.string(),
  /** physical page, 1-based */
  page: z.number().int().positive(),
  /** what is printed on the page (iv, 3-12, …); the physical number as text when it has none */
  pageLabel: z.string(),
  pageCount: z.number().int().positive(),
  text: z.string(),
  ocr: z.boolean(),
  /** false when this version has been superseded by a newer READY one (old citations still open) */
  current: z.boolean(),
});
export type TDocumentPage = z.infer<typeof ZDocumentPage>;

// ---------------------------------------------------------------------------
// Search and answers
// ---------------------------------------------------------------------------

export const ZKnowledgeSearchRequest = z.object({
  query: z.string().trim().min(1).max(500),
  machineModelId: z.uuid().optional(),
  /** narrows to the manuals of this machine's model */
  assetId: z.uuid().optional(),
  limit: z.number().int().min(1).max(50).default(10),
});
export type TKnowledgeSearchRequest = z.infer<typeof ZKnowledgeSearchRequest>;

export const SNIPPET_MAX_CHARS = 160;

export const ZKnowledgePassage = z.object({
  chunkId: z.uuid(),
  documentId: z.uuid(),
  versionId: z.uuid(),
  title: z.string(),
  language: ZDocumentLanguage,
  /**
   * physical page (1-based) whose text contains `snippet`: the passage's first page, or a later
   * one when the passage runs across a page break and its best sentence is there
   */
  page: z.number().int().positive(),
  /** last physical page (a passage can run across a page break) */
  pageEnd: z.number().int().positive(),
  pageLabel: z.string(),
  /** the section heading path, e.g. "7 故障排除 › 7.2 发动机水温过高" */
  section: z.string().nullable(),
  /** ≤ 160 characters, occurs verbatim in the text of `page` */
  snippet: z.string().max(SNIPPET_MAX_CHARS),
  text: z.string(),
  score: z.number(),
});
export type TKnowledgePassage = z.infer<typeof ZKnowledgePassage>;

export const RETRIEVAL_MODES = ['lexical', 'hybrid'] as const;
export const ZRetrievalMode = z.enum(RETRIEVAL_MODES);

export const ZKnowledgeSearchResponse = z.object({
  items: z.array(ZKnowledgePassage),
  mode: ZRetrievalMode,
});
export type TKnowledgeSearchResponse = z.infer<typeof ZKnowledgeSearchResponse>;

export const ZKnowledgeAnswerRequest = z.object({
  question: z.string().trim().min(1).max(1000),
  assetId: z.uuid().optional(),
  machineModelId: z.uuid().optional(),
  /** answer from this manual only (e.g. the one picked after an ask-back); one the caller cannot read → 404 */
  documentId: z.uuid().optional(),
});
export type TKnowledgeAnswerRequest = z.infer<typeof ZKnowledgeAnswerRequest>;

export const ZCitation = z.object({
  documentId: z.uuid(),
  versionId: z.uuid(),
  title: z.string(),
  page: z.number().int().positive(),
  pageLabel: z.string(),
  snippet: z.string().max(SNIPPET_MAX_CHARS),
  score: z.number(),
});
export type TCitation = z.infer<typeof ZCitation>;

/**
 * Set when the answer quotes a manual written in another language than the question: the
 * quoted text stays as printed (the manual's words are the evidence) and `note` says so, in the
 * question's language. With a model configured, `translation` is its translation of the quoted
 * lines, marked as a translation (citation marks kept); null otherwise.
 */
export const ZCrossLanguage = z.object({
  /** the question's language: the note and the translation are in it */
  language: ZDocumentLanguage,
  /** the language of the quoted manual text */
  sourceLanguage: ZDocumentLanguage,
  /** citation numbers (1-based, as in the answer's [n] marks) that quote the other language */
  citations: z.array(z.number().int().positive()),
  note: z.string(),
  translation: z.string().nullable(),
});
export type TCrossLanguage = z.infer<typeof ZCrossLanguage>;

/** A manual offered by an ask-back: the caller asks again with its `documentId`. */
export const ZAskBackManual = z.object({
  documentId: z.uuid(),
  title: z.string(),
  language: ZDocumentLanguage,
});
export type TAskBackManual = z.infer<typeof ZAskBackManual>;

/**
 * Set (with `found: false` and no citations) when the question names no machine and the manuals of
 * two or more different machines each answer it well: the answer asks which machine is meant
 * instead of answering from one of them. Ask again with a manual's `documentId`, or name the
 * machine in the question.
 */
export const ZAskBack = z.object({
  manuals: z.array(ZAskBackManual).min(2),
});
export type TAskBack = z.infer<typeof ZAskBack>;

export const ZKnowledgeAnswer = z.object({
  found: z.boolean(),
  /** every sentence rests on a citation; marks like [1] refer to `citations[0]` */
  answer: z.string(),
  citations: z.array(ZCitation),
  /** extractive (built in) or model (an OpenAI-compatible model whose citations were checked) */
  answerer: z.enum(['extractive', 'model']),
  mode: ZRetrievalMode,
  /** the answer quotes a manual in the other language (absent or null when it does not) */
  crossLanguage: ZCrossLanguage.nullable().optional(),
  /** which machine? — manuals of different machines answer a question that names none (absent or null otherwise) */
  askBack: ZAskBack.nullable().optional(),
});
export type TKnowledgeAnswer = z.infer<typeof ZKnowledgeAnswer>;
