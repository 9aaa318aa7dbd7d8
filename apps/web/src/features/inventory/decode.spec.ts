import { BarcodeFormat, QRCodeWriter } from '@zxing/library';
import { afterEach, describe, expect, it } from 'vitest';
import { frameDecoder, toLuminance } from './decode';
import { parseScan, partLabelPayload } from './scan';

/** A QR code as a camera frame: black modules on white, `scale` pixels each, a quiet zone around. */
function qrFrame(text: string, size = 240): { data: Uint8ClampedArray; width: number; height: number } {
  const matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, size, size, new Map());
  const data = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const v = matrix.get(x, y) ? 0 : 255;
      data.set([v, v, v, 255], (y * size + x) * 4);
    }
  return { data, width: size, height: size };
}

describe('frameDecoder', () => {
  afterEach(() => {
    delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
  });

  it('reads our part label from a frame without BarcodeDetector (the bundled decoder)', async () => {
    const id = '0f8b3c2a-1d2e-4f50-8a6b-7c8d9e0f1a2b';
    const decode = await frameDecoder();
    const text = await decode(qrFrame(partLabelPayload(id)) as ImageData);
    expect(text).toBe(`AMMS:PART:${id}`);
    expect(parseScan(text!)).toEqual({ kind: 'part', partId: id });
  });

  it('a frame without a code reads nothing (no error)', async () => {
    const decode = await frameDecoder();
    const blank = { data: new Uint8ClampedArray(100 * 100 * 4).fill(255), width: 100, height: 100 };
    expect(await decode(blank as ImageData)).toBeNull();
  });

  it('uses the browser’s BarcodeDetector when there is one', async () => {
    class FakeDetector {
      static getSupportedFormats = () => Promise.resolve(['qr_code', 'ean_13']);
      constructor(readonly opts: { formats: string[] }) {}
      detect = () => Promise.resolve([{ rawValue: `native:${this.opts.formats.join(',')}` }]);
    }
    (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector = FakeDetector;
    const decode = await frameDecoder();
    expect(await decode(qrFrame('x') as ImageData)).toBe('native:qr_code,ean_13');
  });

  it('luminance: white is 255, black 0, pure green its BT.601 weight (rounded)', () => {
    const px = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 0, 255, 0, 255]);
    expect([...toLuminance({ data: px, width: 3, height: 1 })]).toEqual([255, 0, 150]);
  });
});
