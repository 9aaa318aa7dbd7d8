import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

// @zxing/library is CommonJS without named ESM exports
const { BarcodeFormat, QRCodeWriter } = createRequire(import.meta.url)(
  '@zxing/library',
) as typeof import('@zxing/library');

/**
 * A camera that films a printed QR code: a Y4M video (what Chromium's fake capture device plays,
 * `--use-file-for-fake-video-capture`) of a white page with the code in the middle. The page's
 * getUserMedia gets this as the real camera stream, and the app decodes it like any other.
 */
export function qrCodeVideo(text: string, dir: string, name = 'qr-camera.y4m'): string {
  const width = 640;
  const height = 480;
  const size = 320;
  const matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, size, size, new Map());
  const y = Buffer.alloc(width * height, 235);
  const left = (width - size) / 2;
  const top = (height - size) / 2;
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++) if (matrix.get(col, row)) y[(top + row) * width + left + col] = 16;
  // 4:2:0 chroma: grey (no colour)
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const file = join(dir, name);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
  return file;
}
