// node scripts/generate-probe2.mjs (after `npx turbo run build --filter=@amms/api`): writes the second
// probe manual (apps/api/fixtures/manuals-probe2: PDF + manifest.json, evaluation only, never seeded)
// from its data kestrel-td600-drill.json, and its set bench/knowledge/questions-probe2.json from
// questions-probe2.json there. Chapter 3 ("Operation") is set in two columns: see probe-manual.mjs.
import { generateProbe } from './probe-manual.mjs';

await generateProbe('probe2', 'kestrel-td600-drill.json');
