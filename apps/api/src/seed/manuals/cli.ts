import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildManual } from './build.js';
import { buildEvalSet } from './evalset.js';
import { DEMO_MANUALS, EVAL_DIR, MANUALS_DIR, PROBE_DIR, PROBE_MANUALS } from './index.js';
import { QUESTIONS } from './questions.js';
import { QUESTIONS_LEEB } from './questions-leeb.js';
import { QUESTIONS_PROBE } from './questions-probe.js';
import type { ManualInfo } from './types.js';

// npm run manuals:generate -w @amms/api: rewrites apps/api/fixtures/manuals/*.pdf + manifest.json
// (byte-identical on every run; the unit test checks the committed files are up to date).
const infos: ManualInfo[] = [];
mkdirSync(MANUALS_DIR, { recursive: true });
for (const spec of DEMO_MANUALS) {
  const t0 = performance.now();
  const { bytes, info } = await buildManual(spec);
  writeFileSync(join(MANUALS_DIR, info.fileName), bytes);
  infos.push(info);
  console.log(
    `manuals: ${info.fileName}: ${info.pageCount} pages, ${(bytes.length / 1024).toFixed(0)} KiB, scanned ${info.scannedPages.join(',')} (${Math.round(performance.now() - t0)} ms)`,
  );
}
writeFileSync(join(MANUALS_DIR, 'manifest.json'), `${JSON.stringify(infos, null, 1)}\n`);
mkdirSync(EVAL_DIR, { recursive: true });
for (const [file, questions] of [
  ['questions.json', QUESTIONS],
  ['questions-leeb.json', QUESTIONS_LEEB],
] as const) {
  const evalSet = buildEvalSet(infos, DEMO_MANUALS, questions);
  writeFileSync(join(EVAL_DIR, file), `${JSON.stringify(evalSet, null, 1)}\n`);
  console.log(`manuals: ${evalSet.questions.length} evaluation questions written to bench/knowledge/${file}`);
}

// the probe manuals (evaluation only, never seeded) and their set: every demo manual stays in the
// library as a distractor, so the set's documents are all of them
const probeInfos: ManualInfo[] = [];
mkdirSync(PROBE_DIR, { recursive: true });
for (const spec of PROBE_MANUALS) {
  const { bytes, info } = await buildManual(spec);
  writeFileSync(join(PROBE_DIR, info.fileName), bytes);
  probeInfos.push(info);
  console.log(`manuals: probe ${info.fileName}: ${info.pageCount} pages, ${(bytes.length / 1024).toFixed(0)} KiB`);
}
writeFileSync(join(PROBE_DIR, 'manifest.json'), `${JSON.stringify(probeInfos, null, 1)}\n`);
const probeSet = buildEvalSet([...infos, ...probeInfos], [...DEMO_MANUALS, ...PROBE_MANUALS], QUESTIONS_PROBE);
writeFileSync(join(EVAL_DIR, 'questions-probe.json'), `${JSON.stringify(probeSet, null, 1)}\n`);
console.log(`manuals: ${probeSet.questions.length} probe questions written to bench/knowledge/questions-probe.json`);
