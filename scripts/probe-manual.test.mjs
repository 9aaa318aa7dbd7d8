// `node --test scripts/probe-manual.test.mjs` (the `scripts` step of `npm test`, after the build): the
// committed probe manuals (apps/api/fixtures/manuals-probe2, -probe3: PDF, manifest) and their sets
// (bench/knowledge/questions-probe2.json, -probe3.json) are what their data generates. Fails when the
// manual's JSON or its questions changed without `node scripts/generate-probeN.mjs`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { buildProbe, PROBES } from './probe-manual.mjs';

for (const [name, manualFile] of PROBES)
  test(`${name}: the committed PDF, manifest and question set equal what its data generates`, async () => {
    const { fixtures, bytes, info, evalSet, setFile } = await buildProbe(name, manualFile);
    assert.deepEqual(JSON.parse(readFileSync(path.join(fixtures, 'manifest.json'), 'utf8')), [info]);
    assert.equal(Buffer.compare(readFileSync(path.join(fixtures, info.fileName)), Buffer.from(bytes)), 0);
    assert.deepEqual(JSON.parse(readFileSync(setFile, 'utf8')), evalSet);
  });
