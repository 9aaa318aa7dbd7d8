import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TUploadResponse } from '@amms/contracts/knowledge';
import { IdempotencyService } from '../platform/idempotency/idempotency.service.js';
import { BlobStore } from '../platform/storage/blob-store.js';
import type { LibraryActor } from './library-actor.js';
import { readUploadForm, type UploadForm } from '../platform/uploads/multipart-form.js';
import { UploadsService, type UploadOutcome } from './uploads.service.js';
import { storeUploadOnce } from '../platform/uploads/upload-idempotency.js';

/** The HTTP side of an upload, shared by the org and platform controllers: read the form, honour Idempotency-Key, answer 201 / 200. */
@Injectable()
export class UploadHandler {
  constructor(
    private readonly uploads: UploadsService,
    private readonly blobs: BlobStore,
    private readonly idempotency: IdempotencyService,
  ) {}

  async handle(
    req: FastifyRequest,
    reply: FastifyReply,
    actor: LibraryActor,
    run: (form: UploadForm) => Promise<UploadOutcome>,
  ): Promise<TUploadResponse> {
    const form = await readUploadForm(req, this.blobs, { maxBytes: this.uploads.maxBytes });
    return storeUploadOnce({ idempotency: this.idempotency, blobs: this.blobs }, req, reply, form, () => run(form));
  }
}
