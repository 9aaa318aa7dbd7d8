import { readFileSync } from 'node:fs';
import fontkit, { type Font } from '@pdf-lib/fontkit';

/**
 * The CJK font the Chinese manuals embed (subset) and every scanned page is drawn with:
 * WenQuanYi Micro Hei from Debian's fonts-wqy-microhei (TrueType outlines: fontkit subsets them
 * cleanly, unlike the CID-keyed CFF of Noto CJK, whose subsets poppler rejects). Only the
 * generator needs it; the seed and the evaluation read the committed PDFs.
 */
export const CJK_FONT_PATH = process.env.MANUALS_CJK_FONT ?? '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
export const CJK_POSTSCRIPT_NAME = 'WenQuanYiMicroHei';

export interface CjkFont {
  bytes: Uint8Array;
  font: Font;
  /** what pdf-lib's registerFontkit wants: picks our face out of the collection */
  kit: { create(data: Uint8Array): Font };
}

let cached: CjkFont | undefined;

export function loadCjkFont(): CjkFont {
  if (cached) return cached;
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(CJK_FONT_PATH);
  } catch {
    throw new Error(
      `manual generator: CJK font not found at ${CJK_FONT_PATH} (apt-get install fonts-wqy-microhei, or set MANUALS_CJK_FONT)`,
    );
  }
  const kit = { create: (data: Uint8Array) => fontkit.create(Buffer.from(data), CJK_POSTSCRIPT_NAME) as Font };
  cached = { bytes, font: kit.create(bytes), kit };
  return cached;
}
