import { inflateRawSync } from 'node:zlib';
import { AppError } from '../../platform/errors/app-error.js';

/** Limits for reading an uploaded zip: what it may unpack to, and how many entries it may list. */
export interface ZipLimits {
  /** the most bytes all the extracted entries together may unpack to */
  maxUncompressedBytes: number;
  /** the most entries the central directory may list */
  maxEntries: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxUncompressedBytes: 50 * 1024 * 1024, maxEntries: 200 };

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const invalid = (why: string) => new AppError('IMPORT_FILE_INVALID', `The zip archive cannot be read: ${why}`);
export const tooLarge = (limit: number) =>
  new AppError('ARCHIVE_TOO_LARGE', `The archive unpacks to more than ${limit} bytes (a zip bomb, or too much data)`, {
    maxUncompressedBytes: limit,
  });

/**
 * The central directory of a zip (no zip64, no encryption). Only the directory is read here;
 * nothing is decompressed.
 */
export function listZip(buf: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipEntry[] {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw invalid('not a zip file');
  const count = buf.readUInt16LE(eocd + 10);
  const dirOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff) throw invalid('zip64 archives are not supported');
  if (count > limits.maxEntries) throw invalid(`more than ${limits.maxEntries} entries`);
  const entries: ZipEntry[] = [];
  let p = dirOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw invalid('a broken central directory');
    const flags = buf.readUInt16LE(p + 8);
    if (flags & 1) throw invalid('encrypted entries are not supported');
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    entries.push({
      name: buf.toString(flags & 0x800 ? 'utf8' : 'latin1', p + 46, p + 46 + nameLen),
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      uncompressedSize: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/**
 * Unpacks the chosen entries, never past `budget` bytes in total: the declared sizes are checked
 * first and the inflater itself is capped (`maxOutputLength`), so an archive that lies about its
 * sizes stops at the cap too (ARCHIVE_TOO_LARGE, 413).
 */
export function extractZip(
  buf: Buffer,
  entries: readonly ZipEntry[],
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Map<string, Buffer> {
  const declared = entries.reduce((s, e) => s + e.uncompressedSize, 0);
  if (declared > limits.maxUncompressedBytes) throw tooLarge(limits.maxUncompressedBytes);
  let left = limits.maxUncompressedBytes;
  const out = new Map<string, Buffer>();
  for (const e of entries) {
    const p = e.localOffset;
    if (p + 30 > buf.length || buf.readUInt32LE(p) !== LOCAL) throw invalid(`a broken entry (${e.name})`);
    const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
    const data = buf.subarray(start, start + e.compressedSize);
    if (data.length !== e.compressedSize) throw invalid(`a truncated entry (${e.name})`);
    let bytes: Buffer;
    if (e.method === 0) bytes = Buffer.from(data);
    else if (e.method === 8) {
      try {
        bytes = inflateRawSync(data, { maxOutputLength: Math.max(1, Math.min(left, e.uncompressedSize + 1)) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(limits.maxUncompressedBytes);
        throw invalid(`a corrupt entry (${e.name})`);
      }
    } else throw invalid(`compression method ${e.method} is not supported (${e.name})`);
    if (bytes.length > e.uncompressedSize) throw tooLarge(limits.maxUncompressedBytes);
    left -= bytes.length;
    out.set(e.name, bytes);
  }
  return out;
}
