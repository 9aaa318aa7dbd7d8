import { createHash } from 'node:crypto';
import { PDFDocument, PDFName, PDFString, StandardFonts, grayscale, type PDFFont } from 'pdf-lib';
import { BOTTOM, Flow, LEFT, PAGE_H, PAGE_W, RIGHT, TOP, wrap, type LPage, type Measure, type Op } from './flow.js';
import { loadCjkFont } from './fonts.js';
import { rasterize } from './raster.js';
import type { ManualInfo, ManualSpec } from './types.js';

/** Fixed metadata date: the same bytes on every run. */
const PUBLISHED = new Date('2026-03-01T08:00:00Z');

export function roman(n: number): string {
  const table: [number, string][] = [
    [1000, 'm'],
    [900, 'cm'],
    [500, 'd'],
    [400, 'cd'],
    [100, 'c'],
    [90, 'xc'],
    [50, 'l'],
    [40, 'xl'],
    [10, 'x'],
    [9, 'ix'],
    [5, 'v'],
    [4, 'iv'],
    [1, 'i'],
  ];
  let out = '';
  for (const [v, s] of table)
    while (n >= v) {
      out += s;
      n -= v;
    }
  return out;
}

/** Lays a manual out, renders it with pdf-lib and reports where each fact landed. Deterministic. */
export async function buildManual(spec: ManualSpec): Promise<{ bytes: Uint8Array; info: ManualInfo }> {
  const cjk = loadCjkFont();
  const zh = spec.language === 'zh';
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(cjk.kit);
  const cjkPdf = zh ? await doc.embedFont(cjk.bytes, { subset: true }) : undefined;
  const reg: PDFFont = cjkPdf ?? (await doc.embedFont(StandardFonts.Helvetica));
  const bold: PDFFont = cjkPdf ?? (await doc.embedFont(StandardFonts.HelveticaBold));
  const measure: Measure = { width: (s, f, size) => (f === 'b' ? bold : reg).widthOfTextAtSize(s, size) };
  const scanMeasure: Measure = {
    width: (s, _f, size) =>
      (cjk.font.layout(s).positions.reduce((a, p) => a + p.xAdvance, 0) * size) / cjk.font.unitsPerEm,
  };

  const lay = (kind: 'front' | 'body', chapters: ManualSpec['chapters']) => {
    const flow = new Flow(measure, scanMeasure, kind, zh, spec.layout?.columns ?? 1);
    for (const ch of chapters) {
      flow.chapterStart(ch.title, ch.toc !== false);
      for (const b of ch.blocks) flow.block(b);
    }
    return { pages: flow.pages.filter((p) => p.ops.length > 0 || p.scan), toc: flow.toc };
  };
  const front = lay('front', spec.front);
  const body = lay('body', spec.chapters);
  const toc = [...front.toc, ...body.toc];
  const perTocPage = 36;
  const tocPages: LPage[] = Array.from({ length: Math.ceil(toc.length / perTocPage) }, () => ({
    ops: [],
    facts: new Set<string>(),
    scan: false,
    kind: 'toc' as const,
    chapter: 0,
  }));
  const cover: LPage = { ops: [], facts: new Set(), scan: false, kind: 'cover', chapter: 0 };
  const pages = [cover, ...tocPages, ...front.pages, ...body.pages];

  // printed labels: roman front matter, then 1, 2, … or chapter-page (3-1, 3-2, …)
  const labels: string[] = [];
  const perChapter = new Map<number, number>();
  let n = 0;
  for (const [i, p] of pages.entries()) {
    if (p.kind !== 'body') labels.push(roman(i + 1));
    else if (spec.labelStyle === 'arabic') labels.push(String(++n));
    else {
      const k = (perChapter.get(p.chapter) ?? 0) + 1;
      perChapter.set(p.chapter, k);
      labels.push(`${p.chapter + 1}-${k}`);
    }
  }
  const labelOf = new Map(pages.map((p, i) => [p, labels[i]!]));

  drawCover(cover, spec, measure);
  toc.forEach((e, i) => {
    const page = tocPages[Math.floor(i / perTocPage)]!;
    if (i % perTocPage === 0) page.ops.push(text(LEFT, TOP - 19, zh ? '目录' : 'Contents', 'b', 19));
    const y = TOP - 56 - (i % perTocPage) * 17.5;
    const size = e.level === 1 ? 10.5 : 10;
    page.ops.push(text(LEFT + (e.level === 1 ? 0 : 16), y, e.text, e.level === 1 ? 'b' : 'r', size));
    const label = labelOf.get(e.page)!;
    page.ops.push(text(RIGHT - measure.width(label, 'r', size), y, label, 'r', size));
  });
  for (const [i, p] of pages.entries()) {
    if (p.kind === 'cover') continue;
    const chapterTitle =
      p.kind === 'body'
        ? spec.chapters[p.chapter]?.title
        : p.kind === 'front'
          ? spec.front[p.chapter]?.title
          : undefined;
    const label = labels[i]!;
    if (spec.layout?.header === 'band') {
      // a framed band at the top: the publication number left, the chapter right; "Page n" bottom right
      p.ops.push({ t: 'box', x: LEFT - 4, y: PAGE_H - 60, w: RIGHT - LEFT + 8, h: 18, gray: 0.35 });
      p.ops.push(text(LEFT, PAGE_H - 55, spec.publication, 'b', 8.5, 0.1));
      if (chapterTitle)
        p.ops.push(text(RIGHT - measure.width(chapterTitle, 'r', 8.5), PAGE_H - 55, chapterTitle, 'r', 8.5, 0.1));
      const foot = `Page ${label}`;
      p.ops.push(text(RIGHT - measure.width(foot, 'r', 8.5), BOTTOM - 40, foot, 'r', 8.5, 0.2));
      continue;
    }
    p.ops.push(text(LEFT, PAGE_H - 46, spec.title, 'r', 8, 0.45));
    if (chapterTitle)
      p.ops.push(text(RIGHT - measure.width(chapterTitle, 'r', 8), PAGE_H - 46, chapterTitle, 'r', 8, 0.45));
    p.ops.push({ t: 'line', x1: LEFT, y1: PAGE_H - 53, x2: RIGHT, y2: PAGE_H - 53, w: 0.5, gray: 0.6 });
    p.ops.push(text((PAGE_W - measure.width(label, 'r', 9)) / 2, BOTTOM - 34, label, 'r', 9, 0.2));
  }

  for (const p of pages) {
    const page = doc.addPage([PAGE_W, PAGE_H]);
    if (p.scan) {
      const png = await doc.embedPng(await rasterize(p.ops, cjk.font));
      page.drawImage(png, { x: 0, y: 0, width: PAGE_W, height: PAGE_H });
      continue;
    }
    for (const op of p.ops) {
      if (op.t === 'text')
        page.drawText(op.s, {
          x: op.x,
          y: op.y,
          size: op.size,
          font: op.f === 'b' ? bold : reg,
          color: grayscale(op.gray),
        });
      else if (op.t === 'line')
        page.drawLine({
          start: { x: op.x1, y: op.y1 },
          end: { x: op.x2, y: op.y2 },
          thickness: op.w,
          color: grayscale(op.gray),
        });
      else
        page.drawRectangle({
          x: op.x,
          y: op.y,
          width: op.w,
          height: op.h,
          borderColor: grayscale(op.gray),
          borderWidth: 1,
        });
    }
  }

  // /PageLabels so that viewers and pdfjs getPageLabels() show what is printed on each page
  const nums: unknown[] = [0, { S: 'r' }];
  const firstBody = pages.findIndex((p) => p.kind === 'body');
  if (spec.labelStyle === 'arabic') nums.push(firstBody, { S: 'D' });
  else
    pages.forEach((p, i) => {
      if (p.kind === 'body' && (i === firstBody || pages[i - 1]?.chapter !== p.chapter))
        nums.push(i, { S: 'D', P: PDFString.of(`${p.chapter + 1}-`) });
    });
  doc.catalog.set(PDFName.of('PageLabels'), doc.context.obj({ Nums: nums as never }));
  doc.setTitle(spec.title);
  doc.setSubject(spec.subtitle);
  doc.setAuthor('AMMS demo content');
  doc.setKeywords([spec.publication, ...spec.modelKeys]);
  doc.setLanguage(zh ? 'zh-CN' : 'en-GB');
  doc.setCreator('AMMS manual generator');
  doc.setProducer('AMMS manual generator (pdf-lib)');
  doc.setCreationDate(PUBLISHED);
  doc.setModificationDate(PUBLISHED);
  const bytes = await doc.save({ useObjectStreams: false });

  const facts: Record<string, number[]> = {};
  pages.forEach((p, i) => {
    for (const id of p.facts) (facts[id] ??= []).push(i + 1);
  });
  const info: ManualInfo = {
    key: spec.key,
    fileName: `${spec.key}.pdf`,
    title: spec.title,
    language: spec.language,
    modelKeys: spec.modelKeys,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    pageCount: pages.length,
    pageLabels: labels,
    scannedPages: pages.flatMap((p, i) => (p.scan ? [i + 1] : [])),
    facts: Object.fromEntries(Object.entries(facts).sort(([a], [b]) => a.localeCompare(b))),
  };
  return { bytes, info };
}

function text(x: number, y: number, s: string, f: 'r' | 'b', size: number, gray = 0): Op {
  return { t: 'text', x, y, s, f, size, gray };
}

function drawCover(cover: LPage, spec: ManualSpec, m: Measure) {
  const zh = spec.language === 'zh';
  let y = TOP - 40;
  for (const line of wrap(m, spec.subtitle, 'r', 13, RIGHT - LEFT)) {
    cover.ops.push(text(LEFT, y, line, 'r', 13, 0.3));
    y -= 20;
  }
  y -= 18;
  for (const line of wrap(m, spec.title, 'b', 26, RIGHT - LEFT)) {
    cover.ops.push(text(LEFT, y, line, 'b', 26));
    y -= 34;
  }
  cover.ops.push({ t: 'box', x: LEFT, y: 300, w: RIGHT - LEFT, h: y - 330, gray: 0.55 });
  cover.ops.push(text(LEFT, 260, spec.publication, 'r', 11, 0.2));
  const disclaimer = zh
    ? 'AMMS 演示资料：本手册由程序生成，仅用于演示与测试，并非制造商出版物，所列参数仅供示意。'
    : 'AMMS demo content: this manual is generated for demonstrations and tests. It is not a publication of the manufacturer and its figures are illustrative.';
  let dy = 120;
  for (const line of wrap(m, disclaimer, 'r', 8.5, RIGHT - LEFT)) {
    cover.ops.push(text(LEFT, dy, line, 'r', 8.5, 0.4));
    dy -= 12;
  }
}
