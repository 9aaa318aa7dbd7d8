import type { Font } from '@pdf-lib/fontkit';
import sharp from 'sharp';
import { PAGE_H, PAGE_W, type Op } from './flow.js';

/** Resolution of the "scanned" page: what a typical office scanner produces for a manual page. */
export const SCAN_DPI = 200;

/**
 * Renders a laid-out page to a grayscale PNG without any font renderer: every glyph is drawn as
 * its outline path (taken from the font file by fontkit) in an SVG that sharp rasterizes. The
 * result carries no text at all, like a scan; the ingestion has to OCR it.
 */
export async function rasterize(ops: Op[], font: Font): Promise<Buffer> {
  const k = SCAN_DPI / 72;
  const w = Math.round(PAGE_W * k);
  const h = Math.round(PAGE_H * k);
  const upem = font.unitsPerEm;
  const defs = new Map<number, string>();
  const body: string[] = [];
  const gray = (g: number) => {
    const v = Math.round(g * 255)
      .toString(16)
      .padStart(2, '0');
    return `#${v}${v}${v}`;
  };
  for (const op of ops) {
    if (op.t === 'line') {
      body.push(
        `<line x1="${f(op.x1 * k)}" y1="${f((PAGE_H - op.y1) * k)}" x2="${f(op.x2 * k)}" y2="${f((PAGE_H - op.y2) * k)}" stroke="${gray(op.gray)}" stroke-width="${f(op.w * k)}"/>`,
      );
    } else if (op.t === 'box') {
      body.push(
        `<rect x="${f(op.x * k)}" y="${f((PAGE_H - op.y - op.h) * k)}" width="${f(op.w * k)}" height="${f(op.h * k)}" fill="none" stroke="${gray(op.gray)}" stroke-width="${f(k)}"/>`,
      );
    } else {
      const run = font.layout(op.s);
      const scale = op.size / upem;
      let x = op.x;
      run.glyphs.forEach((g, i) => {
        const pos = run.positions[i]!;
        if (!defs.has(g.id)) defs.set(g.id, g.path.toSVG());
        const gx = (x + pos.xOffset * scale) * k;
        const gy = (PAGE_H - op.y - pos.yOffset * scale) * k;
        // a bold role is drawn with a thin stroke of the same colour (scanned bold type)
        const stroke = op.f === 'b' ? ` stroke="${gray(op.gray)}" stroke-width="${f(upem / 28)}"` : '';
        body.push(
          `<use xlink:href="#g${g.id}" transform="translate(${f(gx)} ${f(gy)}) scale(${f(scale * k, 5)} ${f(-scale * k, 5)})" fill="${gray(op.gray)}"${stroke}/>`,
        );
        x += pos.xAdvance * scale;
      });
    }
  }
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<defs>${[...defs].map(([id, d]) => `<path id="g${id}" d="${d}"/>`).join('')}</defs>`,
    // paper slightly off-white with a darker scanner edge on the left
    `<rect width="${w}" height="${h}" fill="#f4f3ee"/><rect width="${Math.round(6 * k)}" height="${h}" fill="#d9d8d2"/>`,
    ...body,
    '</svg>',
  ].join('');
  return sharp(Buffer.from(svg)).greyscale().png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer();
}

const f = (n: number, digits = 2) => Number(n.toFixed(digits)).toString();
