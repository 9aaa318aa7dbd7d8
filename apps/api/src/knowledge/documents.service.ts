import { Injectable, Logger } from '@nestjs/common';
import type {
  TDocument,
  TDocumentDetail,
  TDocumentPage,
  TListDocumentsQuery,
  TListDocumentsResponse,
  TUpdateDocumentRequest,
} from '@amms/contracts/knowledge';
import { AuditService } from '../audit/audit.service.js';
import { AppError } from '../platform/errors/app-error.js';
import { idList } from '../platform/http/list-page.js';
import { BlobRefs } from '../platform/storage/blob-refs.js';
import { BlobStore } from '../platform/storage/blob-store.js';
import { DocumentsRepository, ownerOf, type DocumentRow } from './documents.repository.js';
import { popplerAvailable, renderPagePng } from './ingest/poppler.js';
import { KnowledgeErrors } from './knowledge.errors.js';
import { toDocument, toDocumentDetail } from './knowledge.mappers.js';
import type { LibraryActor } from './library-actor.js';

/** Resolution of page images for the viewer (A4 ≈ 1000 × 1400 px). */
export const PAGE_IMAGE_DPI = 120;

/**
 * Documents of a library: an org reads its own and the platform's and changes only its own; the
 * platform library is changed by platform admins. Another org's document is a 404 everywhere.
 */
@Injectable()
export class DocumentsService {
  private readonly log = new Logger('DocumentsService');

  constructor(
    private readonly repo: DocumentsRepository,
    private readonly blobs: BlobStore,
    private readonly blobRefs: BlobRefs,
    private readonly audit: AuditService,
  ) {}

  async list(actor: LibraryActor, q: TListDocumentsQuery): Promise<TListDocumentsResponse> {
    let machineModelId = q.machineModelId;
    if (q.assetId) {
      if (actor.scope.kind !== 'org') throw KnowledgeErrors.assetNotFound();
      const modelId = await this.repo.assetModelId(actor.scope.organizationId, q.assetId);
      if (!modelId) throw KnowledgeErrors.assetNotFound();
      if (machineModelId && machineModelId !== modelId) return { items: [], nextCursor: null };
      machineModelId = modelId;
    }
    return idList(
      q,
      (page) => this.repo.list(actor.scope, { ...page, source: q.source, machineModelId, q: q.q }),
      toDocument,
    );
  }

  async get(actor: LibraryActor, id: string): Promise<TDocumentDetail> {
    const doc = await this.readable(actor, id);
    return toDocumentDetail(doc, await this.repo.versions(id));
  }

  async update(actor: LibraryActor, id: string, input: TUpdateDocumentRequest): Promise<TDocument> {
    const doc = await this.writable(actor, id);
    const machineModelIds = input.machineModelIds ? [...new Set(input.machineModelIds)] : undefined;
    if (machineModelIds) {
      const visible = await this.repo.visibleModelIds(actor.scope, machineModelIds);
      const missing = machineModelIds.find((m) => !visible.has(m));
      if (missing) throw KnowledgeErrors.modelNotFound(missing);
    }
    await this.repo.transaction(async (tx) => {
      if (input.title !== undefined) await this.repo.updateDocument(tx, id, { title: input.title });
      if (machineModelIds) {
        await this.repo.replaceModels(tx, id, machineModelIds);
        await this.repo.updateDocument(tx, id, { updatedAt: new Date() });
      }
      await this.audit.append(
        tx,
        actor.audit('document.updated', id, {
          before: { title: doc.title, machineModelIds: doc.models.map((m) => m.machineModelId).sort() },
          after: {
            title: input.title ?? doc.title,
            machineModelIds: machineModelIds?.sort() ?? doc.models.map((m) => m.machineModelId).sort(),
          },
        }),
      );
    });
    return toDocument((await this.repo.findReadable(actor.scope, id))!);
  }

  /** Deletes the document with every version, page and chunk (nothing of it is searched or cited again). */
  async remove(actor: LibraryActor, id: string): Promise<void> {
    const doc = await this.writable(actor, id);
    const shas = await this.repo.transaction(async (tx) => {
      const shas = await this.repo.versionShas(tx, id);
      await this.repo.deleteDocument(tx, id);
      await this.audit.append(tx, actor.audit('document.deleted', id, { title: doc.title }));
      return shas;
    });
    // the bytes go when nothing uses them any more: another document's version or an attachment (BlobRefs)
    for (const sha of shas) {
      await this.blobRefs
        .dropIfUnused(sha, [BlobStore.contentKey(sha)], [`derived/${sha}`])
        .catch((err: unknown) => this.log.warn(`could not delete the blob ${sha}: ${String(err)}`));
    }
  }

  async page(actor: LibraryActor, documentId: string, versionId: string, page: number): Promise<TDocumentPage> {
    const { doc, version } = await this.readyVersion(actor, documentId, versionId, page);
    const row = await this.repo.page(versionId, page);
    if (!row) throw KnowledgeErrors.pageNotFound(version.pageCount ?? 0);
    return {
      documentId,
      versionId,
      title: doc.title,
      page,
      pageLabel: row.label,
      pageCount: version.pageCount!,
      text: row.text,
      ocr: row.ocr,
      current: doc.currentVersionId === versionId,
    };
  }

  /** The page rendered as PNG (poppler), cached in the blob store next to the file. */
  async pageImage(actor: LibraryActor, documentId: string, versionId: string, page: number): Promise<Buffer> {
    const { version } = await this.readyVersion(actor, documentId, versionId, page);
    const key = `derived/${version.sha256}/p${page}-r${PAGE_IMAGE_DPI}.png`;
    const cached = await this.blobs.get(key);
    if (cached) return cached;
    if (!(await popplerAvailable()))
      throw new AppError('SERVICE_UNAVAILABLE', 'Page images need poppler-utils (pdftoppm) on the server');
    const png = await this.blobs.withLocalFile(BlobStore.contentKey(version.sha256), (file) =>
      renderPagePng(file, page, PAGE_IMAGE_DPI),
    );
    await this.blobs.put(key, png);
    return png;
  }

  private async readable(actor: LibraryActor, id: string): Promise<DocumentRow> {
    const doc = await this.repo.findReadable(actor.scope, id);
    if (!doc) throw KnowledgeErrors.documentNotFound();
    return doc;
  }

  /** The actor's own document: another org's → 404, a platform one through an org route → 403. */
  private async writable(actor: LibraryActor, id: string): Promise<DocumentRow> {
    const doc = await this.readable(actor, id);
    if (doc.organizationId !== ownerOf(actor.scope)) throw KnowledgeErrors.platformReadOnly();
    return doc;
  }

  /** Pages exist for READY versions (old ones included: their citations still open). */
  private async readyVersion(actor: LibraryActor, documentId: string, versionId: string, page: number) {
    const doc = await this.readable(actor, documentId);
    const version = await this.repo.findVersion(documentId, versionId);
    if (!version) throw KnowledgeErrors.versionNotFound();
    if (version.status !== 'READY') throw KnowledgeErrors.notReady(version.status);
    if (page > (version.pageCount ?? 0)) throw KnowledgeErrors.pageNotFound(version.pageCount ?? 0);
    return { doc, version };
  }
}
