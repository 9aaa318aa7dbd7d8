import type { TAttachmentContentType } from '@amms/contracts/attachments';

/** What the first bytes of a file say it is; `null` when it is none of the accepted kinds. */
export type SniffedType = TAttachmentContentType | 'image/heic' | null;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * Content sniffing by magic bytes: the file's name and the client's Content-Type say nothing.
 * JPEG `FF D8 FF`, PNG's 8-byte signature, WebP `RIFF….WEBP`, PDF `%PDF-` at the very start
 * (a receipt is a file we store and serve, so no leading junk is tolerated), HEIF/HEIC
 * `….ftyp<brand>` (recognised to say plainly that it is not accepted yet).
 */
export function sniffContentType(head: Buffer): SniffedType {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG)) return 'image/png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  if (head.length >= 5 && head.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp' && HEIF_BRANDS.has(head.toString('latin1', 8, 12)))
    return 'image/heic';
  return null;
}

export function isImage(type: TAttachmentContentType): boolean {
  return type !== 'application/pdf';
}

/** The extension a stored file is served with (the name a person gave it keeps its stem). */
export function extensionOf(type: TAttachmentContentType): string {
  switch (type) {
    case 'image/jpeg':
      return 'jpg';
    case 'image/png':
      return 'png';
    case 'image/webp':
      return 'webp';
    case 'application/pdf':
      return 'pdf';
  }
}
