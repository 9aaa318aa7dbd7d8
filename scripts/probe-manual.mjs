// Shared by scripts/generate-probe2.mjs, generate-probe3.mjs, …: builds a held-out probe manual
// (evaluation only, never seeded) from its JSON data in apps/api/fixtures/manuals-probeN, writes its
// PDF + manifest.json there and its set bench/knowledge/questions-probeN.json, with the generator of
// the demo and first probe manuals (apps/api/src/seed/manuals: buildManual, buildEvalSet), read from the
// built dist (run `npx turbo run build --filter=@amms/api` first).
//
// The generator sets a whole manual in one or two columns; a probe manual is one column except one
// chapter. So it is built twice: once in one column (every page but that chapter's), and once in
// two columns with as many one-page placeholder chapters before it as the one-column body has
// pages before it (so its printed page number, its header and its place in the contents agree),
// and that single page replaces the one-column one. Both builds must put the chapter on one page.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { ROOT } from './lib.mjs';

const dist = path.join(ROOT, 'apps/api/dist/seed/manuals');
const { buildManual } = await import(path.join(dist, 'build.js'));
const { buildEvalSet } = await import(path.join(dist, 'evalset.js'));
const { DEMO_MANUALS } = await import(path.join(dist, 'index.js'));

const bodyPages = (info) => info.pageLabels.filter((l) => /^\d+$/.test(l)).length;
const chapterFacts = (ch) => {
  const out = new Set();
  for (const b of ch.blocks) {
    if (b.fact) out.add(b.fact);
    for (const r of b.rows ?? []) if (r.fact) out.add(r.fact);
  }
  return out;
};

/** The manual of spec, one column except chapter X (two columns, one page). */
export async function buildProbeManual(spec, X) {
  // the one-column manual, and how many body pages precede the chapter / it takes
  const { bytes: oneBytes, info: one } = await buildManual(spec);
  const before = bodyPages((await buildManual({ ...spec, chapters: spec.chapters.slice(0, X) })).info);
  const through = bodyPages((await buildManual({ ...spec, chapters: spec.chapters.slice(0, X + 1) })).info);
  if (through - before !== 1) throw new Error(`chapter ${X} takes ${through - before} pages in one column, not 1`);
  const label = String(before + 1);

  // the two-column build: placeholders (each a title alone on its page), then the chapter
  const placeholders = Array.from({ length: before }, (_, i) => ({ title: `placeholder ${i + 1}`, blocks: [] }));
  const { bytes: twoBytes, info: two } = await buildManual({
    ...spec,
    front: [],
    layout: { ...spec.layout, columns: 2 },
    chapters: [...placeholders, spec.chapters[X]],
  });
  if (bodyPages(two) !== before + 1) throw new Error(`chapter ${X} takes more than one page in two columns`);

  const at = (info) => info.pageLabels.indexOf(label) + 1; // physical page, 1-based
  const [pOne, pTwo] = [at(one), at(two)];
  for (const f of chapterFacts(spec.chapters[X])) {
    if (one.facts[f]?.join() !== String(pOne)) throw new Error(`${f} is not on page ${pOne} (one column)`);
    if (two.facts[f]?.join() !== String(pTwo)) throw new Error(`${f} is not on page ${pTwo} (two columns)`);
  }

  const doc = await PDFDocument.load(oneBytes, { updateMetadata: false });
  const src = await PDFDocument.load(twoBytes, { updateMetadata: false });
  const [page] = await doc.copyPages(src, [pTwo - 1]);
  doc.removePage(pOne - 1);
  doc.insertPage(pOne - 1, page);
  const bytes = await doc.save({ useObjectStreams: false });
  const info = { ...one, sha256: createHash('sha256').update(bytes).digest('hex') };
  return { bytes, info, twoColumnPage: pOne };
}

/**
 * Builds probe `name` (fixtures folder manuals-<name>, manual data `manualFile` with `manual` and
 * `twoColumnChapter`, questions `questions-<name>.json`) and writes the PDF, the manifest and the set.
 */
export async function generateProbe(name, manualFile) {
  const fixtures = path.join(ROOT, `apps/api/fixtures/manuals-${name}`);
  // the manual and its questions are data (JSON): read, not imported as code
  const readJson = (file) => JSON.parse(readFileSync(path.join(fixtures, file), 'utf8'));
  const { manual: spec, twoColumnChapter } = readJson(manualFile);
  const { questions } = readJson(`questions-${name}.json`);

  const { bytes, info, twoColumnPage } = await buildProbeManual(spec, twoColumnChapter);
  mkdirSync(fixtures, { recursive: true });
  writeFileSync(path.join(fixtures, info.fileName), bytes);
  writeFileSync(path.join(fixtures, 'manifest.json'), `${JSON.stringify([info], null, 1)}\n`);
  console.log(
    `${name}: ${info.fileName}: ${info.pageCount} pages (page ${twoColumnPage} in two columns), ${bytes.length} bytes`,
  );

  const demo = JSON.parse(readFileSync(path.join(ROOT, 'apps/api/fixtures/manuals/manifest.json'), 'utf8'));
  const evalSet = buildEvalSet([...demo, info], [...DEMO_MANUALS, spec], questions);
  evalSet.note = `Generated by \`node scripts/generate-${name}.mjs\` from apps/api/fixtures/manuals-${name} (questions-${name}.json + the layout); do not edit by hand. Measurement only: never tuned on.`;
  const out = `bench/knowledge/questions-${name}.json`;
  writeFileSync(path.join(ROOT, out), `${JSON.stringify(evalSet, null, 1)}\n`);
  console.log(`${name}: ${evalSet.questions.length} questions written to ${out}`);
  return { info, evalSet };
}
