import sharp from 'sharp';
import type { TAttachmentContentType } from '@amms/contracts/attachments';

/** A decoded image bigger than this many pixels is refused (a decompression bomb is a few KB). */
const MAX_INPUT_PIXELS = 60_000_000;
export const THUMBNAIL_PX = 320;

export class ImageUnreadableError extends Error {}

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
  thumbnail: Buffer;
}

/**
 * Re-encodes an uploaded photo in its own format: turned upright from its EXIF orientation, and
 * every metadata block (EXIF with GPS, XMP, IPTC, comments) dropped, which is sharp's default
 * output. An org that keeps location keeps the EXIF (`keepMetadata`). The thumbnail is a JPEG of
 * at most 320 px, never with metadata.
 */
export async function processImage(
  input: Buffer,
  type: Exclude<TAttachmentContentType, 'application/pdf'>,
  keepLocation: boolean,
): Promise<ProcessedImage> {
  try {
    const base = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    let pipeline = base();
    if (keepLocation) pipeline = pipeline.keepMetadata();
    switch (type) {
      case 'image/jpeg':
        pipeline = pipeline.jpeg({ quality: 88, mozjpeg: false });
        break;
      case 'image/png':
        pipeline = pipeline.png();
        break;
      case 'image/webp':
        pipeline = pipeline.webp({ quality: 88 });
        break;
    }
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    const thumbnail = await base()
      .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
    return { data, width: info.width, height: info.height, thumbnail };
  } catch (err) {
    throw new ImageUnreadableError(err instanceof Error ? err.message : String(err));
  }
}
