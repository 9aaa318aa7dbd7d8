import { fileURLToPath } from 'node:url';
import { DJI_T50 } from './content/dji-t50-b.js';
import { HEFENG_BALER } from './content/hefeng-baler-probe.js';
import { HORSCH_LEEB } from './content/horsch-leeb-b.js';
import { JD_6R155 } from './content/jd-6r155-b.js';
import { LOVOL_GN70 } from './content/lovol-gn70-b.js';
import { withPartsList } from './parts-list.js';
import type { ManualSpec } from './types.js';

export type { ManualInfo, ManualSpec } from './types.js';

/** Every demo manual, in seed order; each ends with the parts list of its models (parts-list.ts). */
export const DEMO_MANUALS: ManualSpec[] = [JD_6R155, LOVOL_GN70, DJI_T50, HORSCH_LEEB].map(withPartsList);

/**
 * The generated PDFs and their manifest are committed here (apps/api/fixtures/manuals): the seed
 * and the evaluation read bytes, so neither needs the CJK font, sharp or any rendering at run time.
 * The path works from src/ (tests) and dist/ (the built seed) alike.
 */
export const MANUALS_DIR = fileURLToPath(new URL('../../../fixtures/manuals/', import.meta.url));

/** bench/knowledge: where the evaluation set (questions.json) is written for `npm run eval:knowledge`. */
export const EVAL_DIR = fileURLToPath(new URL('../../../../../bench/knowledge/', import.meta.url));

/**
 * Manuals for the evaluation only, never seeded (apps/api/fixtures/manuals-probe): a maker and a
 * layout the answerer was not tuned on. `eval:knowledge` uploads them into the org's own library
 * when a question set names them (bench/knowledge/questions-probe.json).
 */
export const PROBE_MANUALS: ManualSpec[] = [HEFENG_BALER];
export const PROBE_DIR = fileURLToPath(new URL('../../../fixtures/manuals-probe/', import.meta.url));
