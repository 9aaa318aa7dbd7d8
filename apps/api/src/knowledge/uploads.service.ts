import { Inject, Injectable } from '@nestjs/common';
import { ZUploadDocumentFields, type TUploadResponse } from '@amms/contracts/knowledge';
import { AuditService } from '../audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { AppError } from '../platform/errors/app-error.js';
import { issuesToFields } from '../platform/http/validation.js';
import { OutboxService } from '../platform/outbox/outbox.service.js';
import { isUniqueViolation } from '../platform/prisma/db-errors.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { BlobRefs } from '../platform/storage/blob-refs.js';
import { BlobStore } from '../platform/storage/blob-store.js';
import { DocumentsRepository, ownerOf, type LibraryScope } from './documents.repository.js';
import { KnowledgeErrors } from './knowledge.errors.js';
import { toDocument, toVersion } from './knowledge.mappers.js';
import type { LibraryActor } from './library-actor.js';
import { looksLikePdf, type UploadForm } from '../platform/uploads/multipart-form.js';

export interface UploadOutcome {
  /** 201 a new version was stored and queued, 200 the same file was already there */
  status: 200 | 201;
  body: TUploadResponse;
}

/**
 * Uploads: the file is checked by content (`%PDF-`), deduplicated by sha256 inside the library
 * it goes to (an org's own, or the platform's), committed to the blob store, and its version row
 * + the ingestion job (outbox) + the audit event commit together. Ingestion happens in the worker.
 */
@Injectable()
export class UploadsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: DocumentsRepository,
    private readonly blobs: BlobStore,
    private readonly blobRefs: BlobRefs,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
  ) {}

  get maxBytes(): number {
    return this.config.knowledge.maxUploadBytes;
  }

  /** A new document with its first version. */
  async createDocument(actor: LibraryActor, form: UploadForm): Promise<UploadOutcome> {
    return this.guarded(form, async () => {
      const parsed = ZUploadDocumentFields.safeParse({
        ...form.fields,
        machineModelIds: asArray(form.fields.machineModelIds),
      });
      if (!parsed.success)
        throw new AppError('VALIDATION_FAILED', 'Some fields are invalid', issuesToFields(parsed.error.issues));
      const fields = parsed.data;
      const machineModelIds = [...new Set(fields.machineModelIds)];
      await this.checkModels(actor.scope, machineModelIds);
      const dup = await this.duplicate(actor.scope, form);
      if (dup) return dup;
      return this.store(actor, form, async (tx) => {
        const doc = await this.repo.createDocument(tx, actor.scope, {
          title: fields.title,
          language: fields.language,
          machineModelIds,
          createdById: actor.userId,
        });
        return doc.id;
      });
    });
  }

  /** The next version of a document of the actor's own library (a platform document through an org route → 403). */
  async addVersion(actor: LibraryActor, documentId: string, form: UploadForm): Promise<UploadOutcome> {
    return this.guarded(form, async () => {
      const doc = await this.repo.findReadable(actor.scope, documentId);
      if (!doc) throw KnowledgeErrors.documentNotFound();
      if (doc.organizationId !== ownerOf(actor.scope)) throw KnowledgeErrors.platformReadOnly();
      const dup = await this.duplicate(actor.scope, form);
      if (dup) return dup;
      return this.store(actor, form, async () => documentId);
    });
  }

  /** Any refusal before the commit leaves no staged file behind. */
  private async guarded(form: UploadForm, fn: () => Promise<UploadOutcome>): Promise<UploadOutcome> {
    try {
      if (!looksLikePdf(form.staged.head)) throw KnowledgeErrors.notPdf();
      return await fn();
    } finally {
      await this.blobs.discard(form.staged);
    }
  }

  private async checkModels(scope: LibraryScope, ids: string[]) {
    const visible = await this.repo.visibleModelIds(scope, ids);
    const missing = ids.find((id) => !visible.has(id));
    if (missing) throw KnowledgeErrors.modelNotFound(missing);
  }

  /** The same file already in this library: its document and version, nothing stored or processed again. */
  private async duplicate(scope: LibraryScope, form: UploadForm): Promise<UploadOutcome | null> {
    const hit = await this.repo.findBySha(scope, form.staged.sha256);
    if (!hit) return null;
    const doc = await this.repo.findReadable(scope, hit.documentId);
    const version = await this.repo.findVersion(hit.documentId, hit.id);
    if (!doc || !version) return null;
    return { status: 200, body: { document: toDocument(doc), version: toVersion(version), duplicate: true } };
  }

  private async store(
    actor: LibraryActor,
    form: UploadForm,
    documentIdIn: (tx: Tx) => Promise<string>,
  ): Promise<UploadOutcome> {
    let ids: { documentId: string; versionId: string };
    try {
      // the bytes are stored under the blob's lock, in the transaction that references them (BlobRefs)
      ids = await this.blobRefs.transaction(async (tx) => {
        await this.blobRefs.holding(tx, form.staged.sha256);
        await this.blobs.commit(form.staged);
        const documentId = await documentIdIn(tx);
        const v = await this.repo.createVersion(tx, actor.scope, documentId, {
          fileName: form.fileName,
          sizeBytes: form.staged.sizeBytes,
          sha256: form.staged.sha256,
          createdById: actor.userId,
        });
        await this.outbox.enqueue(tx, ownerOf(actor.scope), 'knowledge.ingest', {
          organizationId: ownerOf(actor.scope),
          versionId: v.id,
        });
        await this.audit.append(
          tx,
          actor.audit(v.versionNumber === 1 ? 'document.created' : 'document.version_uploaded', documentId, {
            versionId: v.id,
            versionNumber: v.versionNumber,
            fileName: form.fileName,
            sizeBytes: form.staged.sizeBytes,
            sha256: form.staged.sha256,
          }),
        );
        return { documentId, versionId: v.id };
      });
    } catch (err) {
      // the same file uploaded at the same moment: the other request stored it
      if (isUniqueViolation(err)) {
        const dup = await this.duplicate(actor.scope, form);
        if (dup) return dup;
      }
      throw err;
    }
    const doc = await this.repo.findReadable(actor.scope, ids.documentId);
    const version = await this.repo.findVersion(ids.documentId, ids.versionId);
    return { status: 201, body: { document: toDocument(doc!), version: toVersion(version!), duplicate: false } };
  }
}

const asArray = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
