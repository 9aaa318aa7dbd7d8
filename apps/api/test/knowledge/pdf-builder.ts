// A tiny PDF writer for the knowledge tests: text pages (Helvetica for ASCII, STSong-Light with
// the predefined UniGB-UCS2-H CMap for Chinese), table rows as cells at fixed x positions, page
// labels (roman front matter), image-only pages (a grey raster, for OCR), a fake /Encrypt.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

export interface FixtureLine {
  text?: string;
  /** table row: one cell per column, drawn at `xs` (default every 150 pt) */
  cells?: string[];
  xs?: number[];
  size?: number;
  /** a fixed baseline (points from the bottom), e.g. a running footer; the flow goes on below the previous line */
  y?: number;
}
export interface FixturePage {
  lines?: FixtureLine[];
  /** an image-only page (no text layer): 8-bit grey pixels */
  image?: { width: number; height: number; gray: Buffer };
}
export interface PageLabelRange {
  /** 0-based page index where the range starts */
  start: number;
  style: 'r' | 'R' | 'D' | 'a' | 'A';
  prefix?: string;
  first?: number;
}

const W = 595;
const H = 842;

const ascii = (s: string) => /^[\x20-\x7e]*$/.test(s);
const pdfString = (s: string) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;
const utf16Hex = (s: string) => {
  let hex = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    hex += (cp > 0xffff ? 0x3f : cp).toString(16).padStart(4, '0');
  }
  return `<${hex}>`;
};
const show = (s: string) => (ascii(s) ? `/F1` : `/F2`);
const encoded = (s: string) => (ascii(s) ? pdfString(s) : utf16Hex(s));

function textContent(lines: FixtureLine[]): string {
  let y = H - 60;
  const ops: string[] = [];
  for (const l of lines) {
    const size = l.size ?? 11;
    const cells = l.cells ?? [l.text ?? ''];
    const xs = l.xs ?? cells.map((_, i) => 50 + i * 150);
    const at = l.y ?? y;
    cells.forEach((c, i) => {
      if (!c) return;
      ops.push(`BT ${show(c)} ${size} Tf ${xs[i]} ${at} Td ${encoded(c)} Tj ET`);
    });
    if (l.y === undefined) y -= size * 1.6;
  }
  return ops.join('\n');
}

export function buildPdf(pages: FixturePage[], opts: { labels?: PageLabelRange[]; encrypt?: boolean } = {}): Buffer {
  const objs: (string | Buffer)[] = [];
  const add = (o: string | Buffer) => (objs.push(o), objs.length);
  const catalog = add(''); // filled below
  const pagesObj = add('');
  const f1 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const cid = add(
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor ' +
      (objs.length + 2) +
      ' 0 R /DW 1000 >>',
  );
  const f2 = add(
    `<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [${cid} 0 R] >>`,
  );
  add(
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  );
  const kids: number[] = [];
  for (const p of pages) {
    let content: string;
    let resources: string;
    if (p.image) {
      const data = deflateSync(p.image.gray);
      const img = add(
        Buffer.concat([
          Buffer.from(
            `<< /Type /XObject /Subtype /Image /Width ${p.image.width} /Height ${p.image.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
          ),
          data,
          Buffer.from('\nendstream'),
        ]),
      );
      content = `q ${W} 0 0 ${H} 0 0 cm /Im1 Do Q`;
      resources = `<< /XObject << /Im1 ${img} 0 R >> >>`;
    } else {
      content = textContent(p.lines ?? []);
      resources = `<< /Font << /F1 ${f1} 0 R /F2 ${f2} 0 R >> >>`;
    }
    const stream = add(`<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${W} ${H}] /Resources ${resources} /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objs[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const labels = opts.labels?.length
    ? ` /PageLabels << /Nums [${opts.labels.map((l) => `${l.start} << /S /${l.style}${l.prefix ? ` /P ${pdfString(l.prefix)}` : ''}${l.first ? ` /St ${l.first}` : ''} >>`).join(' ')}] >>`
    : '';
  objs[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R${labels} >>`;
  const encrypt = opts.encrypt
    ? add(`<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -3904 >>`)
    : null;

  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(offset);
    const b = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      typeof o === 'string' ? Buffer.from(o, 'latin1') : o,
      Buffer.from('\nendobj\n'),
    ]);
    chunks.push(b);
    offset += b.length;
  });
  const xref = [
    `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  const id = `<${'0123456789abcdef'.repeat(2)}>`;
  const trailer = `trailer\n<< /Size ${objs.length + 1} /Root ${catalog} 0 R${encrypt ? ` /Encrypt ${encrypt} 0 R /ID [${id} ${id}]` : ''} >>\nstartxref\n${offset}\n%%EOF\n`;
  chunks.push(Buffer.from(xref + trailer, 'latin1'));
  return Buffer.concat(chunks);
}

/**
 * An image-only page showing `lines` (English: Helvetica renders everywhere): a text page is
 * built, rasterised by poppler's pdftoppm, and the pixels become the page (no text layer).
 */
export function scannedPage(lines: FixtureLine[], dpi = 150): FixturePage {
  const dir = mkdtempSync(path.join(tmpdir(), 'amms-scan-'));
  try {
    const src = path.join(dir, 'src.pdf');
    writeFileSync(src, buildPdf([{ lines }]));
    execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-singlefile', src, path.join(dir, 'out')]);
    const pgm = readFileSync(path.join(dir, 'out.pgm'));
    // P5 header: magic, width, height, maxval, each separated by whitespace
    const header = pgm.toString('latin1', 0, 64).match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
    if (!header) throw new Error('unexpected pdftoppm output');
    const width = Number(header[1]);
    const height = Number(header[2]);
    return { image: { width, height, gray: pgm.subarray(header[0].length, header[0].length + width * height) } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
