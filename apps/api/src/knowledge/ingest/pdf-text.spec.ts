import { describe, expect, it } from 'vitest';
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
