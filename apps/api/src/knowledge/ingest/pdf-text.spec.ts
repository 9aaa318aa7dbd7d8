import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANUALS_DIR } from '../../seed/manuals/index.js';
import { buildPdf, scannedPage } from '../../../test/knowledge/pdf-builder.js';
import { IngestFailure } from '../knowledge.errors.js';
import { hasTextLayer, openPdf, pageLabels, pageLinesOf } from './pdf-text.js';

describe('pdf text extraction (pdfjs)', () => {
  it('reads lines, table cells, Chinese text and printed page labels', async () => {
    const pdf = buildPdf(
      [
        { lines: [{ text: 'Preface', size: 18 }, { text: 'Read this manual before use.' }] },
        { lines: [{ text: '目录' }] },
        {
          lines: [
            { text: '7.2 发动机水温过高', size: 16 },
            { text: '检查冷却液液位，清理散热器。' },
            { cells: ['Code', 'Cause', 'Remedy'] },
            { cells: ['E12', 'Coolant sensor open', 'Replace sensor'] },
          ],
        },
      ],
      {
        labels: [
          { start: 0, style: 'r' },
          { start: 2, style: 'D', first: 1 },
        ],
      },
    );
    const doc = await openPdf(new Uint8Array(pdf));
    expect(doc.numPages).toBe(3);
    expect(await pageLabels(doc)).toEqual(['i', 'ii', '1']);
    const lines = await pageLinesOf(doc, 3);
    expect(lines.map((l) => l.text)).toEqual([
      '7.2 发动机水温过高',
      '检查冷却液液位，清理散热器。',
      'Code | Cause | Remedy',
      'E12 | Coolant sensor open | Replace sensor',
    ]);
    expect(lines[0]!.size).toBe(16);
    expect(hasTextLayer(lines)).toBe(true);
    await doc.destroy();
  });

  it('an image-only page has no text layer', async () => {
    const doc = await openPdf(
      new Uint8Array(buildPdf([scannedPage([{ text: 'Hydraulic oil: change every 500 hours' }])])),
    );
    expect(hasTextLayer(await pageLinesOf(doc, 1))).toBe(false);
    await doc.destroy();
  });

  it('encrypted and broken files fail with their reason', async () => {
    await expect(
      openPdf(new Uint8Array(buildPdf([{ lines: [{ text: 'secret' }] }], { encrypt: true }))),
    ).rejects.toMatchObject({ code: 'ENCRYPTED' });
    const broken = openPdf(new Uint8Array(Buffer.from('%PDF-1.4\nthis is not really a pdf\n')));
    await expect(broken).rejects.toBeInstanceOf(IngestFailure);
    await expect(broken).rejects.toMatchObject({ code: 'BROKEN_PDF' });
  });
});

describe('pages set in two columns', () => {
  const fixture = (name: string) => new Uint8Array(readFileSync(path.join(MANUALS_DIR, name)));

  it('reads the left column, then the right one; a row is never glued across the gutter', async () => {
    const doc = await openPdf(fixture('horsch-leeb6300-en.pdf'));
    try {
      // physical page 6: "2 Operation", filling and folding on the left, the nozzle table on the right
      const lines = (await pageLinesOf(doc, 6)).map((l) => l.text);
      expect(lines.some((l) => l.includes('backflow preventer') && l.includes('110-03'))).toBe(false);
      const at = (s: string) => lines.findIndex((l) => l.includes(s));
      expect(lines.indexOf('2 Operation')).toBeGreaterThan(0);
      expect(at('2.1 Filling the main tank')).toBeLessThan(at('2.2 Folding the boom'));
      expect(at('2.2 Folding the boom')).toBeLessThan(at('Table 2-1 Flat-fan nozzles at 3 bar'));
      expect(lines).toContain('110-03 | 00380-4403 | 1.20 | 180');
      // the running header and the footer stay the first and the last line
      expect(lines[0]).toContain('HORSCH 80620-EN');
      expect(lines[lines.length - 1]).toBe('Page 2');
    } finally {
      await doc.destroy();
    }
  });

  it('a single-column page has no gutter, even with a table in it', async () => {
    const doc = await openPdf(fixture('jd-6r155-operator-en.pdf'));
    try {
      for (const n of [5, 8, 14]) {
        const lines = await pageLinesOf(doc, n);
        expect(lines.some((l) => l.text.includes(' | '))).toBe(true);
        // every line keeps its whole width: the first line of the body starts at the left margin
        expect(lines.filter((l) => (l.x ?? 0) > 250 && (l.right ?? 0) < 300)).toEqual([]);
      }
    } finally {
      await doc.destroy();
    }
  });
});
