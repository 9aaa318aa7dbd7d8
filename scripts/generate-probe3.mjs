// node scripts/generate-probe3.mjs (after `npx turbo run build --filter=@amms/api`): writes the third
// probe manual (apps/api/fixtures/manuals-probe3: PDF + manifest.json, evaluation only, never seeded)
// from its data qingling-1gkn230-tiller.json, and its set bench/knowledge/questions-probe3.json from
// questions-probe3.json there. Chapter 3 ("作业与调整") is set in two columns: see probe-manual.mjs.
import { generateProbe } from './probe-manual.mjs';

await generateProbe('probe3', 'qingling-1gkn230-tiller.json');
