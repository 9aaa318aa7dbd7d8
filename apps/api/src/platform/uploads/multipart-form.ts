import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { BlobStore, BlobTooLargeError, type StagedBlob } from '../storage/blob-store.js';

/** What an upload form carried: the staged file and the text fields (repeated ones as arrays). */
export interface UploadForm {
  staged: StagedBlob;
  fileName: string;
  fields: Record<string, string | string[]>;
}

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9]{0,40}(\[\])?$/;

/** 413 PAYLOAD_TOO_LARGE with the limit in `details.maxBytes`. */
export function uploadTooLarge(maxBytes: number): AppError {
  const mb = maxBytes / 1024 / 1024;
  const size = mb >= 1 ? `${Math.round(mb)} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${size}`, { maxBytes });
}

export interface UploadFormOptions {
  maxBytes: number;
  /** what the `file` part holds, for messages ("the PDF", "the photo") */
  fileLabel?: string;
  /** the name used when the part has none */
  defaultFileName?: string;
}

function multipartError(err: unknown, maxBytes: number, label: string): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof BlobTooLargeError) return uploadTooLarge(maxBytes);
  const code = (err as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return uploadTooLarge(maxBytes);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', `Send multipart/form-data with a \`file\` part (${label})`);
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
export async function readUploadForm(
  req: FastifyRequest,
  blobs: BlobStore,
  { maxBytes, fileLabel = 'the PDF', defaultFileName = 'document.pdf' }: UploadFormOptions,
): Promise<UploadForm> {
  let staged: StagedBlob | null = null;
  let fileName = defaultFileName;
  const fields: Record<string, string | string[]> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || staged) {
          part.file.resume();
          throw new AppError(
            'VALIDATION_FAILED',
            `${fileLabel.charAt(0).toUpperCase()}${fileLabel.slice(1)} goes in one part named \`file\``,
            [{ path: part.fieldname, message: 'unexpected file part', code: 'unrecognized_keys' }],
          );
        }
        staged = await blobs.stage(part.file, maxBytes);
        if (part.file.truncated) throw uploadTooLarge(maxBytes);
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
    throw multipartError(err, maxBytes, fileLabel) ?? err;
  }
  if (!staged)
    throw new AppError('VALIDATION_FAILED', 'The upload has no file', [
      { path: 'file', message: 'required', code: 'invalid_type' },
    ]);
  return { staged, fileName, fields };
}

/** The file's name as shown in lists: the base name, no control characters, at most 200 characters. */
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
