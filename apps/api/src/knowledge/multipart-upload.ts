import type { FastifyRequest } from 'fastify';
import { AppError } from '../platform/errors/app-error.js';
import { BlobStore, BlobTooLargeError, type StagedBlob } from '../platform/storage/blob-store.js';
import { KnowledgeErrors } from './knowledge.errors.js';

/** What a document upload form carried: the staged file and the text fields (repeated ones as arrays). */
export interface UploadForm {
  staged: StagedBlob;
  fileName: string;
  fields: Record<string, string | string[]>;
}

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9]{0,40}(\[\])?$/;

function multipartError(err: unknown, maxBytes: number): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof BlobTooLargeError) return KnowledgeErrors.tooLarge(maxBytes);
  const code = (err as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return KnowledgeErrors.tooLarge(maxBytes);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send multipart/form-data with a `file` part (the PDF)');
    case 'FST_FILES_LIMIT':
      return new AppError('VALIDATION_FAILED', 'Send one file per upload', [
        { path: 'file', message: 'only one file', code: 'too_big' },
      ]);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new AppError('VALIDATION_FAILED', 'Too many or invalid form fields');
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('VALIDATION_FAILED', 'The upload was interrupted before the form ended');
    default:
      return null;
  }
}

/**
 * Reads a multipart upload: the one `file` part is streamed into the blob store's staging area
 * (hashed on the way, never buffered whole), the other parts are collected as text fields. The
 * caller commits or discards the staged file. Any failure discards it.
 */
export async function readUploadForm(req: FastifyRequest, blobs: BlobStore, maxBytes: number): Promise<UploadForm> {
  let staged: StagedBlob | null = null;
  let fileName = 'document.pdf';
  const fields: Record<string, string | string[]> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || staged) {
          part.file.resume();
          throw new AppError('VALIDATION_FAILED', 'The PDF goes in one part named `file`', [
            { path: part.fieldname, message: 'unexpected file part', code: 'unrecognized_keys' },
          ]);
        }
        staged = await blobs.stage(part.file, maxBytes);
        if (part.file.truncated) throw KnowledgeErrors.tooLarge(maxBytes);
        fileName = sanitizeFileName(part.filename) ?? fileName;
        continue;
      }
      if (!FIELD_NAME.test(part.fieldname)) continue;
      const name = part.fieldname.replace(/\[\]$/, '');
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      const prev = fields[name];
      fields[name] =
        prev === undefined
          ? part.fieldname.endsWith('[]')
            ? [value]
            : value
          : [...(Array.isArray(prev) ? prev : [prev]), value];
    }
  } catch (err) {
    if (staged) await blobs.discard(staged);
    throw multipartError(err, maxBytes) ?? err;
  }
  if (!staged)
    throw new AppError('VALIDATION_FAILED', 'The upload has no file', [
      { path: 'file', message: 'required', code: 'invalid_type' },
    ]);
  return { staged, fileName, fields };
}

/** The PDF's name as shown in lists: the base name, no control characters, at most 200 characters. */
export function sanitizeFileName(name: string | undefined): string | null {
  if (!name) return null;
  const last = name.split(/[\\/]/).pop()!;
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const base = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base ? base.slice(0, 200) : null;
}

/** Content check: a PDF starts with `%PDF-` (within the first 1024 bytes, as readers allow); the name says nothing. */
export function looksLikePdf(head: Buffer): boolean {
  return head.indexOf('%PDF-') !== -1;
}
