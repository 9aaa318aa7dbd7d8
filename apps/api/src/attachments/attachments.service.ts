import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Attachment } from '@amms/db';
import {
  ATTACHMENT_TYPES_BY_OWNER,
  type TAttachment,
  type TAttachmentContentType,
  type TAttachmentOwnerType,
} from '@amms/contracts/attachments';
import { AuditService } from '../audit/audit.service.js';
import { costScope } from '../platform/access/cost-scope.js';
import { readsWorkOrders, workOrderReadScope } from '../platform/access/maintenance-scope.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { IdempotencyService } from '../platform/idempotency/idempotency.service.js';
import { BlobRefs } from '../platform/storage/blob-refs.js';
import { BlobStore } from '../platform/storage/blob-store.js';
import {
  readUploadForm,
  sanitizeFileName,
  uploadTooLarge,
  type UploadForm,
} from '../platform/uploads/multipart-form.js';
import { storeUploadOnce } from '../platform/uploads/upload-idempotency.js';
import type { OrgContext } from '../platform/access/context.js';
import { AttachmentErrors } from './attachments.errors.js';
import { AttachmentsRepository, type OwnerScope } from './attachments.repository.js';
import { extensionOf, isImage, sniffContentType } from '../platform/uploads/file-type.js';
import { ImageUnreadableError, processImage } from './image-processing.js';
import { may } from '../platform/access/permission.js';

/** Owner statuses whose files are final: a closed or cancelled order, an approved document. */
const LOCKED_STATUSES: Record<TAttachmentOwnerType, readonly string[]> = {
  WORK_ORDER: ['CLOSED', 'CANCELLED'],
  COST_DOCUMENT: ['APPROVED'],
};
const WRITE_PERMISSION = { WORK_ORDER: 'workorder.write', COST_DOCUMENT: 'cost.write' } as const;

const AUDIT_ENTITY: Record<TAttachmentOwnerType, string> = { WORK_ORDER: 'work_order', COST_DOCUMENT: 'cost_document' };

export function toAttachment(a: Attachment): TAttachment {
  return {
    id: a.id,
    ownerType: a.ownerType,
    ownerId: (a.workOrderId ?? a.costDocumentId)!,
    fileName: a.fileName,
    contentType: a.contentType as TAttachmentContentType,
    sizeBytes: a.sizeBytes,
    sha256: a.sha256,
    width: a.width,
    height: a.height,
    hasThumbnail: a.thumbnailKey !== null,
    locationKept: a.locationKept,
    createdByUserId: a.createdByUserId,
    createdAt: a.createdAt.toISOString(),
  };
}

/** The name shown and served: the sender's stem with the extension of what the content really is. */
function storedFileName(sent: string | null, type: TAttachmentContentType): string {
  const base = sanitizeFileName(sent ?? undefined) ?? 'file';
  const stem = base.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'file';
  return `${stem.slice(0, 180)}.${extensionOf(type)}`;
}

export interface OpenedAttachment {
  attachment: Attachment;
  contentType: string;
  fileName: string;
  sizeBytes: number | null;
  stream: Readable;
}

/**
 * Photos and receipts on work orders and cost documents. Every read and write first finds the
 * owner in the caller's scope (its own GET's rules: another org's or out of scope → 404), so an
 * attachment is exactly as visible as the row it hangs on.
 */
@Injectable()
export class AttachmentsService {
  private readonly log = new Logger('AttachmentsService');

  constructor(
    private readonly repo: AttachmentsRepository,
    private readonly blobs: BlobStore,
    private readonly blobRefs: BlobRefs,
    private readonly audit: AuditService,
    private readonly idempotency: IdempotencyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private ownerScope(ctx: OrgContext, ownerType: TAttachmentOwnerType): OwnerScope | null {
    if (ownerType === 'WORK_ORDER') {
      if (!readsWorkOrders(ctx)) return null;
      return { ownerType, scope: workOrderReadScope(ctx) };
    }
    if (!may(ctx, 'cost.read')) return null;
    return { ownerType, scope: costScope(ctx) };
  }

  private async assertOwner(ctx: OrgContext, ownerType: TAttachmentOwnerType, ownerId: string): Promise<OwnerScope> {
    const owner = this.ownerScope(ctx, ownerType);
    if (!owner || !(await this.repo.ownerVisible(undefined, ctx.organizationId, ownerId, owner)))
      throw AttachmentErrors.ownerNotFound(ownerType);
    return owner;
  }

  async list(ctx: OrgContext, ownerType: TAttachmentOwnerType, ownerId: string): Promise<TAttachment[]> {
    await this.assertOwner(ctx, ownerType, ownerId);
    return this.listVisible(ctx.organizationId, ownerType, ownerId);
  }

  /** For a single answer whose owner the caller has just read. */
  async listVisible(organizationId: string, ownerType: TAttachmentOwnerType, ownerId: string): Promise<TAttachment[]> {
    return (await this.repo.listForOwner(organizationId, ownerType, ownerId)).map(toAttachment);
  }

  /**
   * Multipart upload (`file`). The owner is checked before a byte is read; the file is staged
   * (hashed, capped at the larger limit), typed by its bytes, held to its type's limit, images
   * re-encoded without metadata and thumbnailed. Idempotency-Key: same key + same file → the
   * first answer (the offline queue replays uploads).
   */
  async upload(
    ctx: OrgContext,
    ownerType: TAttachmentOwnerType,
    ownerId: string,
    req: FastifyRequest,
    reply: FastifyReply,
  ): Promise<TAttachment> {
    const owner = await this.assertOwner(ctx, ownerType, ownerId);
    const { maxImageBytes, maxPdfBytes } = this.config.attachments;
    const maxBytes = ownerType === 'WORK_ORDER' ? maxImageBytes : Math.max(maxImageBytes, maxPdfBytes);
    const form = await readUploadForm(req, this.blobs, {
      maxBytes,
      fileLabel: ownerType === 'WORK_ORDER' ? 'the photo' : 'the receipt',
      defaultFileName: 'file',
    });
    return storeUploadOnce({ idempotency: this.idempotency, blobs: this.blobs }, req, reply, form, async () => ({
      status: 201,
      body: await this.store(ctx, owner, ownerId, form),
    }));
  }

  private async store(ctx: OrgContext, owner: OwnerScope, ownerId: string, form: UploadForm): Promise<TAttachment> {
    const { ownerType } = owner;
    const sniffed = sniffContentType(form.staged.head);
    if (sniffed === null || sniffed === 'image/heic' || !ATTACHMENT_TYPES_BY_OWNER[ownerType].includes(sniffed))
      throw AttachmentErrors.typeNotAllowed(ownerType, sniffed);
    const limit = isImage(sniffed) ? this.config.attachments.maxImageBytes : this.config.attachments.maxPdfBytes;
    if (form.staged.sizeBytes > limit) throw uploadTooLarge(limit);

    let stored: { sha256: string; sizeBytes: number; blobKey: string; thumbnailKey: string | null };
    let dims: { width: number | null; height: number | null } = { width: null, height: null };
    let locationKept = false;
    // the bytes are written under the blob's lock, in the transaction that references them (BlobRefs)
    let writeBytes: () => Promise<unknown>;
    if (sniffed === 'application/pdf') {
      const { sha256, sizeBytes } = form.staged;
      stored = { sha256, sizeBytes, blobKey: BlobStore.contentKey(sha256), thumbnailKey: null };
      writeBytes = () => this.blobs.commit(form.staged);
    } else {
      locationKept = await this.repo.keepsPhotoLocation(ctx.organizationId);
      let img;
      try {
        img = await processImage(await readFile(form.staged.tmpPath), sniffed, locationKept);
      } catch (err) {
        if (err instanceof ImageUnreadableError) throw AttachmentErrors.imageUnreadable();
        throw err;
      }
      const sha256 = createHash('sha256').update(img.data).digest('hex');
      const blobKey = BlobStore.contentKey(sha256);
      const thumbnailKey = `thumbs/${sha256.slice(0, 2)}/${sha256}.jpg`;
      writeBytes = async () => {
        if (!(await this.blobs.exists(blobKey))) await this.blobs.put(blobKey, img.data);
        if (!(await this.blobs.exists(thumbnailKey))) await this.blobs.put(thumbnailKey, img.thumbnail);
      };
      stored = { sha256, sizeBytes: img.data.length, blobKey, thumbnailKey };
      dims = { width: img.width, height: img.height };
    }

    const principal = ctx.principal;
    return this.blobRefs.transaction(async (tx) => {
      // the owner may have gone (or left the caller's scope) while the file was processed
      if (!(await this.repo.ownerVisible(tx, ctx.organizationId, ownerId, owner)))
        throw AttachmentErrors.ownerNotFound(ownerType);
      await this.blobRefs.holding(tx, stored.sha256);
      await writeBytes();
      const row = await this.repo.insert(tx, {
        organizationId: ctx.organizationId,
        ownerType,
        ownerId,
        fileName: storedFileName(form.fileName, sniffed),
        contentType: sniffed,
        ...stored,
        ...dims,
        locationKept,
        createdByMembershipId: ctx.membershipId,
        createdByUserId: ctx.actorUserId,
        createdByApiKeyId: principal.kind === 'API_KEY' ? principal.apiKeyId : null,
      });
      const a = toAttachment(row);
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'attachment.added', AUDIT_ENTITY[ownerType], ownerId, {
          attachmentId: a.id,
          fileName: a.fileName,
          contentType: a.contentType,
          sizeBytes: a.sizeBytes,
          sha256: a.sha256,
          locationKept,
        }),
      );
      return a;
    });
  }

  /**
   * Deletes an attachment. Found like a download (not visible → 404); the caller must also be
   * able to write its owner (workorder.write / cost.write, else 403) and the owner must still be
   * open (a closed or cancelled order, an approved document → 409 ATTACHMENT_LOCKED), decided
   * under the owner's row lock. Audited on the owner. A repeated delete → 404 (nothing happens
   * twice). The bytes go once nothing references their content key any more.
   */
  async remove(ctx: OrgContext, id: string): Promise<void> {
    const row = await this.repo.findById(ctx.organizationId, id);
    if (!row) throw AttachmentErrors.notFound();
    const owner = this.ownerScope(ctx, row.ownerType);
    if (!owner) throw AttachmentErrors.notFound();
    const ownerId = (row.workOrderId ?? row.costDocumentId)!;
    await this.repo.transaction(async (tx) => {
      const status = await this.repo.lockOwnerStatus(tx, ctx.organizationId, ownerId, owner);
      if (status === null) throw AttachmentErrors.notFound();
      if (!may(ctx, WRITE_PERMISSION[row.ownerType])) throw AttachmentErrors.cannotDelete(row.ownerType);
      if (LOCKED_STATUSES[row.ownerType].includes(status)) throw AttachmentErrors.locked(row.ownerType, status);
      if (!(await this.repo.remove(tx, ctx.organizationId, id))) throw AttachmentErrors.notFound();
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'attachment.removed', AUDIT_ENTITY[row.ownerType], ownerId, {
          attachmentId: row.id,
          fileName: row.fileName,
          contentType: row.contentType,
          sizeBytes: row.sizeBytes,
          sha256: row.sha256,
        }),
      );
    });
    try {
      const keys = [row.blobKey, ...(row.thumbnailKey ? [row.thumbnailKey] : [])];
      await this.blobRefs.dropIfUnused(row.sha256, keys);
    } catch (err) {
      // the row is gone; a blob left behind costs disk, not correctness
      this.log.warn(`attachment ${row.id}: blob ${row.sha256} not removed: ${String(err)}`);
    }
  }

  /** The file (or its thumbnail) for a download, after the same checks as its owner's GET. */
  async open(ctx: OrgContext, id: string, thumbnail: boolean): Promise<OpenedAttachment> {
    const row = await this.repo.findById(ctx.organizationId, id);
    if (!row) throw AttachmentErrors.notFound();
    const owner = this.ownerScope(ctx, row.ownerType);
    const ownerId = (row.workOrderId ?? row.costDocumentId)!;
    if (!owner || !(await this.repo.ownerVisible(undefined, ctx.organizationId, ownerId, owner)))
      throw AttachmentErrors.notFound();
    const key = thumbnail ? row.thumbnailKey : row.blobKey;
    if (!key || !(await this.blobs.exists(key))) throw AttachmentErrors.notFound();
    return {
      attachment: row,
      contentType: thumbnail ? 'image/jpeg' : row.contentType,
      fileName: thumbnail ? row.fileName.replace(/\.[a-z]+$/, '') + '-thumbnail.jpg' : row.fileName,
      sizeBytes: thumbnail ? null : row.sizeBytes,
      stream: await this.blobs.openStream(key),
    };
  }
}
