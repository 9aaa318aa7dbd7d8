import { Inject, Injectable } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TRecognitionResponse, TRecognitionStatus } from '@amms/contracts/attachments';
import { AppError } from '../platform/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { IdempotencyService } from '../platform/idempotency/idempotency.service.js';
import { BlobStore } from '../platform/storage/blob-store.js';
import { readUploadForm } from '../platform/uploads/multipart-form.js';
import { withUploadIdempotency } from '../platform/uploads/upload-idempotency.js';
import type { OrgContext } from '../platform/access/context.js';
import { isImage, sniffContentType } from '../platform/uploads/file-type.js';
import { mapCandidates } from './candidates.js';
import { RecognitionClient } from './recognition.client.js';
import { RecognitionRepository } from './recognition.repository.js';

const SENT_PX = 1024;

const MESSAGES: Record<TRecognitionStatus, string> = {
  RECOGNISED: 'Pick the machine model from the candidates (or search the catalog if none is right).',
  LOW_CONFIDENCE: 'The recognition is not sure: check the candidates or search the catalog by hand.',
  NOT_CONFIGURED: 'Recognition from a photo is not set up here: search the catalog by hand.',
  UNAVAILABLE: 'The recognition service did not answer: search the catalog by hand.',
};

/**
 * "Add a machine from a photo": the photo (typed by content, EXIF dropped, at most 1024 px) goes
 * to the recognition service; its candidates are mapped to the catalog and recorded with its
 * model version, so the asset created from one of them keeps both. No service, or no answer, is
 * never an error: the answer says to search the catalog by hand.
 */
@Injectable()
export class RecognitionService {
  constructor(
    private readonly client: RecognitionClient,
    private readonly repo: RecognitionRepository,
    private readonly blobs: BlobStore,
    private readonly idempotency: IdempotencyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async recognise(ctx: OrgContext, req: FastifyRequest, reply: FastifyReply): Promise<TRecognitionResponse> {
    const maxBytes = this.config.attachments.maxImageBytes;
    const form = await readUploadForm(req, this.blobs, { maxBytes, fileLabel: 'the photo', defaultFileName: 'photo' });
    try {
      return await withUploadIdempotency(
        this.idempotency,
        req,
        reply,
        { sha256: form.staged.sha256, fields: form.fields },
        async () => {
          const type = sniffContentType(form.staged.head);
          if (type === null || type === 'image/heic' || !isImage(type))
            throw new AppError('FILE_TYPE_NOT_ALLOWED', 'Send a photo (JPEG, PNG or WebP)', {
              allowed: ['image/jpeg', 'image/png', 'image/webp'],
              detected: type,
            });
          const photo = await this.prepare(await readFile(form.staged.tmpPath));
          const out = await this.run(ctx, photo, form.staged.sha256);
          void reply.status(201);
          return out;
        },
      );
    } finally {
      await this.blobs.discard(form.staged);
    }
  }

  /** The service is configured (its availability shows per photo: UNAVAILABLE). */
  setup(): { configured: boolean } {
    return { configured: this.config.recognition.url !== null };
  }

  /** Upright, metadata dropped (the service never sees where the photo was taken), ≤ 1024 px JPEG. */
  private async prepare(input: Buffer): Promise<Buffer> {
    try {
      return await sharp(input, { limitInputPixels: 60_000_000, failOn: 'error' })
        .rotate()
        .resize(SENT_PX, SENT_PX, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 })
        .toBuffer();
    } catch {
      throw new AppError('IMAGE_UNREADABLE', 'The image could not be decoded (damaged, truncated or too many pixels)');
    }
  }

  private async run(ctx: OrgContext, photo: Buffer, photoSha256: string): Promise<TRecognitionResponse> {
    const minConfidence = this.config.recognition.minConfidence;
    const call = await this.client.recognise(photo);
    if (call.kind !== 'ANSWERED')
      return {
        recognitionId: null,
        status: call.kind,
        modelVersion: null,
        candidates: [],
        minConfidence,
        message: MESSAGES[call.kind],
      };
    const candidates = mapCandidates(call.answer, await this.repo.visibleModels(ctx.organizationId));
    const best = candidates.find((c) => c.machineModelId !== null);
    const status: TRecognitionStatus = best && best.confidence >= minConfidence ? 'RECOGNISED' : 'LOW_CONFIDENCE';
    const recognitionId = await this.repo.insert({
      organizationId: ctx.organizationId,
      modelVersion: call.answer.modelVersion,
      candidates,
      photoSha256,
      createdByUserId: ctx.actorUserId,
      createdByApiKeyId: ctx.principal.kind === 'API_KEY' ? ctx.principal.apiKeyId : null,
    });
    return {
      recognitionId,
      status,
      modelVersion: call.answer.modelVersion,
      candidates,
      minConfidence,
      message: MESSAGES[status],
    };
  }
}
