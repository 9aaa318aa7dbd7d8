// `node --test scripts/test-steps.test.mjs` (the `scripts` step of `npm test`): the runner's own behaviour.
import { spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const testMjs = fileURLToPath(new URL('./test.mjs', import.meta.url));

test('npm test -- <unknown step> fails and names the steps, before installing or building anything', () => {
  const res = spawnSync(process.execPath, [testMjs, 'no-such-step'], { encoding: 'utf8', timeout: 20_000 });
  assert.notEqual(res.status, 0);
  assert.doesNotMatch(res.stdout, /all steps passed/);
  assert.match(res.stderr, /unknown step "no-such-step"/);
  assert.match(res.stderr, /unit/);
  // nothing ran: no step was logged
  assert.doesNotMatch(res.stdout, /build…|install/);
});
