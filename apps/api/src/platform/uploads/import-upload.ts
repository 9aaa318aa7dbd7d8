import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { sanitizeFileName } from './multipart-form.js';

export interface ImportUpload {
  bytes: Buffer;
  sha256: string;
  fileName: string | null;
}

const tooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${maxBytes} bytes`, { maxBytes });

/**
 * Reads the one `file` part of a multipart upload into memory (import files are small: at most
 * IMPORT_MAX_BYTES, default 5 MiB); other parts are ignored. Not multipart → 415; no file → 400;
 * over the limit → 413.
 */
export async function readImportUpload(req: FastifyRequest, maxBytes: number): Promise<ImportUpload> {
  if (!req.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send multipart/form-data with a `file` part (CSV or XLSX)');
  let out: ImportUpload | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', 'The file goes in a part named `file`', [
          { path: part.fieldname, message: 'unexpected file part', code: 'unrecognized_keys' },
        ]);
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge(maxBytes);
      out = {
        bytes,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        fileName: sanitizeFileName(part.filename),
      };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT')
      throw new AppError('VALIDATION_FAILED', 'Send one file per upload', [
        { path: 'file', message: 'only one file', code: 'too_big' },
      ]);
    if (code?.startsWith('FST_'))
      throw new AppError('VALIDATION_FAILED', 'The multipart form is invalid or was interrupted');
    throw err;
  }
  if (!out)
    throw new AppError('VALIDATION_FAILED', 'The upload has no file', [
      { path: 'file', message: 'required', code: 'invalid_type' },
    ]);
  if (out.bytes.length === 0) throw new AppError('IMPORT_FILE_INVALID', 'The file is empty');
  return out;
}
