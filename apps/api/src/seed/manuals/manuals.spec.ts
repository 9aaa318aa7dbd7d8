import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildManual, roman } from './build.js';
import { buildEvalSet } from './evalset.js';
import { DEMO_MANUALS, EVAL_DIR, MANUALS_DIR, PROBE_DIR, PROBE_MANUALS } from './index.js';
import { QUESTIONS_LEEB } from './questions-leeb.js';
import { QUESTIONS_PROBE } from './questions-probe.js';
import type { ManualInfo } from './types.js';

const built = new Map<string, { bytes: Uint8Array; info: ManualInfo }>();

async function pdfPages(bytes: Uint8Array) {
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const labels = await doc.getPageLabels();
  const texts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    texts.push(content.items.map((it) => ('str' in it ? it.str : '')).join(''));
  }
  await doc.destroy();
  return { labels, texts };
}

describe('demo manuals generator', () => {
  beforeAll(async () => {
    for (const spec of DEMO_MANUALS) built.set(spec.key, await buildManual(spec));
  }, 120_000);

  it('is deterministic: a second build gives the same bytes, and they equal the committed fixtures', async () => {
    const manifest = JSON.parse(readFileSync(join(MANUALS_DIR, 'manifest.json'), 'utf8')) as ManualInfo[];
    expect(manifest.map((m) => m.key)).toEqual(DEMO_MANUALS.map((s) => s.key));
    const again = await buildManual(DEMO_MANUALS[0]!);
    expect(Buffer.compare(Buffer.from(again.bytes), Buffer.from(built.get(again.info.key)!.bytes))).toBe(0);
    for (const m of manifest) {
      const { bytes, info } = built.get(m.key)!;
      // fails when content changed without `npm run manuals:generate -w @amms/api`
      expect(info).toEqual(m);
      expect(
        createHash('sha256')
          .update(readFileSync(join(MANUALS_DIR, m.fileName)))
          .digest('hex'),
      ).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
    const committedSet = JSON.parse(readFileSync(join(EVAL_DIR, 'questions.json'), 'utf8'));
    expect(buildEvalSet(manifest)).toEqual(committedSet);
    const committedLeeb = JSON.parse(readFileSync(join(EVAL_DIR, 'questions-leeb.json'), 'utf8'));
    expect(buildEvalSet(manifest, DEMO_MANUALS, QUESTIONS_LEEB)).toEqual(committedLeeb);
  });

  it('the probe manual (evaluation only) and its question set equal what the generator produces', async () => {
    const manifest = JSON.parse(readFileSync(join(MANUALS_DIR, 'manifest.json'), 'utf8')) as ManualInfo[];
    const probe = JSON.parse(readFileSync(join(PROBE_DIR, 'manifest.json'), 'utf8')) as ManualInfo[];
    expect(probe.map((m) => m.key)).toEqual(PROBE_MANUALS.map((s) => s.key));
    for (const [i, spec] of PROBE_MANUALS.entries()) {
      const { bytes, info } = await buildManual(spec);
      expect(info).toEqual(probe[i]);
      expect(Buffer.compare(readFileSync(join(PROBE_DIR, info.fileName)), Buffer.from(bytes))).toBe(0);
    }
    const committed = JSON.parse(readFileSync(join(EVAL_DIR, 'questions-probe.json'), 'utf8'));
    expect(buildEvalSet([...manifest, ...probe], [...DEMO_MANUALS, ...PROBE_MANUALS], QUESTIONS_PROBE)).toEqual(
      committed,
    );
  });

  it('prints roman front matter and sets /PageLabels that pdfjs reads back as the printed labels', async () => {
    expect([1, 4, 9, 14, 40].map(roman)).toEqual(['i', 'iv', 'ix', 'xiv', 'xl']);
    for (const { bytes, info } of built.values()) {
      const { labels, texts } = await pdfPages(bytes);
      expect(labels).toEqual(info.pageLabels);
      expect(info.pageLabels.slice(0, 3)).toEqual(['i', 'ii', 'iii']);
      // the label is also printed on every text page (the scanned one carries it in its pixels)
      texts.forEach((t, i) => {
        if (!info.scannedPages.includes(i + 1) && i > 0) expect(t.endsWith(info.pageLabels[i]!)).toBe(true);
      });
    }
    expect(built.get('lovol-gn70-manual-zh')!.info.pageLabels).toContain('5-2');
  });

  it('round-trips the text through pdfjs, Chinese included, and leaves scanned pages without a text layer', async () => {
    const gn = await pdfPages(built.get('lovol-gn70-manual-zh')!.bytes);
    const info = built.get('lovol-gn70-manual-zh')!.info;
    const overheat = info.facts['gn.overheat']!;
    expect(overheat.length).toBe(2); // the section runs across a page break
    expect(gn.texts[overheat[0]! - 1]).toContain('5.3 发动机水温过高');
    expect(gn.texts[overheat[1]! - 1]).toContain('气缸垫损坏');
    const codesPage = info.facts['gn.code-e12']![0]!;
    expect(gn.texts[codesPage - 1]).toContain('E12 冷却液温度过高');
    for (const { bytes, info: i } of built.values()) {
      const { texts } = await pdfPages(bytes);
      expect(i.scannedPages.length).toBeGreaterThanOrEqual(1);
      for (const p of i.scannedPages) expect(texts[p - 1]).toBe('');
      expect(i.pageCount).toBeGreaterThanOrEqual(10);
    }
    const jd = await pdfPages(built.get('jd-6r155-operator-en')!.bytes);
    const jdInfo = built.get('jd-6r155-operator-en')!.info;
    expect(jd.texts[jdInfo.facts['jd.code-110-16']![0]! - 1]).toContain('ECU 000110.16');
  });

  it('resolves every question to existing pages; unanswerable ones have none', () => {
    const set = buildEvalSet([...built.values()].map((b) => b.info));
    expect(set.questions.length).toBeGreaterThanOrEqual(80);
    expect(set.questions.filter((q) => q.expected === null).length).toBeGreaterThanOrEqual(10);
    for (const q of set.questions) {
      if (!q.expected) continue;
      const doc = set.documents[q.expected.document]!;
      expect(q.expected.pages.every((p) => p >= 1 && p <= doc.pageCount)).toBe(true);
    }
    expect(new Set(set.questions.map((q) => q.kind))).toEqual(
      new Set(['text', 'table', 'cross-page', 'ocr', 'fault-code', 'no-answer']),
    );
    expect(new Set(set.questions.map((q) => q.language))).toEqual(new Set(['zh', 'en']));
  });
});
