/**
 * Reading a code from a camera frame. The browser's own `BarcodeDetector` where it has one
 * (Chrome on Android, macOS, ChromeOS); elsewhere @zxing/library, pure JavaScript bundled with
 * the app (nothing downloaded at run time), loaded only when a scan starts.
 */

type Detector = { detect: (source: CanvasImageSource) => Promise<{ rawValue: string }[]> };
type DetectorCtor = {
  new (opts?: { formats?: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};

/** The formats on parts' packages and our labels. */
const WANTED = ['qr_code', 'code_128', 'code_39', 'ean_13', 'ean_8', 'upc_a', 'upc_e', 'data_matrix', 'itf'];

export type FrameDecoder = (frame: ImageData) => Promise<string | null>;

async function nativeDecoder(): Promise<FrameDecoder | null> {
  const Ctor = (globalThis as { BarcodeDetector?: DetectorCtor }).BarcodeDetector;
  if (!Ctor) return null;
  try {
    const supported = (await Ctor.getSupportedFormats?.()) ?? WANTED;
    const formats = WANTED.filter((f) => supported.includes(f));
    if (formats.length === 0) return null;
    const detector = new Ctor({ formats });
    return async (frame) => {
      const found = await detector.detect(frame as unknown as CanvasImageSource);
      return found[0]?.rawValue ?? null;
    };
  } catch {
    return null;
  }
}

async function zxingDecoder(): Promise<FrameDecoder> {
  const zx = await import('@zxing/library');
  const hints = new Map<(typeof zx.DecodeHintType)[keyof typeof zx.DecodeHintType], unknown>([
    [
      zx.DecodeHintType.POSSIBLE_FORMATS,
      [
        zx.BarcodeFormat.QR_CODE,
        zx.BarcodeFormat.CODE_128,
        zx.BarcodeFormat.CODE_39,
        zx.BarcodeFormat.EAN_13,
        zx.BarcodeFormat.EAN_8,
        zx.BarcodeFormat.UPC_A,
        zx.BarcodeFormat.UPC_E,
        zx.BarcodeFormat.DATA_MATRIX,
        zx.BarcodeFormat.ITF,
      ],
    ],
    [zx.DecodeHintType.TRY_HARDER, true],
  ]);
  const reader = new zx.MultiFormatReader();
  reader.setHints(hints);
  return async (frame) => {
    const lum = toLuminance(frame);
    const bitmap = new zx.BinaryBitmap(
      new zx.HybridBinarizer(new zx.RGBLuminanceSource(lum, frame.width, frame.height)),
    );
    try {
      return reader.decodeWithState(bitmap).getText();
    } catch (err) {
      if (
        err instanceof zx.NotFoundException ||
        err instanceof zx.ChecksumException ||
        err instanceof zx.FormatException
      )
        return null;
      throw err;
    } finally {
      reader.reset();
    }
  };
}

/** RGBA pixels → one luminance byte per pixel (ITU-R BT.601 weights, integer arithmetic). */
export function toLuminance(frame: { data: Uint8ClampedArray; width: number; height: number }): Uint8ClampedArray {
  const out = new Uint8ClampedArray(frame.width * frame.height);
  const d = frame.data;
  for (let i = 0, p = 0; p < out.length; i += 4, p++) out[p] = (d[i]! * 299 + d[i + 1]! * 587 + d[i + 2]! * 114) / 1000;
  return out;
}

/** The best decoder this browser has: native first. */
export async function frameDecoder(): Promise<FrameDecoder> {
  return (await nativeDecoder()) ?? zxingDecoder();
}
