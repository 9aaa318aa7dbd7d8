// `npm test -- openapi` (and `node scripts/check-openapi.mjs`): the API's OpenAPI document is
// regenerated from the built API (apps/api/dist, no server), validated by two independent
// validators (@apidevtools/swagger-parser, and redocly lint with its recommended rules: 0 errors),
// and compared with what is committed: apps/api/openapi.json and the SDK's generated types
// (packages/sdk/src/generated/schema.ts). Stale → fails with the commands that refresh them.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'apps/api/package.json'));
const DOC = path.join(ROOT, 'apps/api/openapi.json');
const TYPES = path.join(ROOT, 'packages/sdk/src/generated/schema.ts');

const tmp = mkdtempSync(path.join(os.tmpdir(), 'amms-openapi-'));
const problems = [];
try {
  const fresh = path.join(tmp, 'openapi.json');
  execFileSync(process.execPath, [path.join(ROOT, 'apps/api/dist/platform/openapi/cli.js'), '--out', fresh], {
    stdio: 'inherit',
  });

  // 1. swagger-parser: structure + JSON Schema of OpenAPI 3.1, every $ref resolved
  const { default: SwaggerParser } = await import(require.resolve('@apidevtools/swagger-parser'));
  try {
    await SwaggerParser.validate(fresh);
    console.log('swagger-parser: valid');
  } catch (err) {
    problems.push(`swagger-parser: ${err.message}`);
  }

  // 2. redocly lint, recommended rules (warnings are printed, errors fail)
  const redocly = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');
  const lint = spawnSync(process.execPath, [redocly, 'lint', fresh, '--extends=recommended', '--format=stylish'], {
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  });
  const lintOut = `${lint.stdout}${lint.stderr}`
    .split('\n')
    .filter((l) => !/[║╔╚]/.test(l))
    .join('\n')
    .trim();
  console.log(lintOut);
  if (lint.status !== 0) problems.push('redocly lint (recommended) reports errors (above)');

  // 3. the committed document and SDK types are what the code produces now
  if (readFileSync(fresh, 'utf8') !== readFileSync(DOC, 'utf8'))
    problems.push('apps/api/openapi.json is stale: run `npm run openapi -w @amms/api` and commit it');
  const types = path.join(tmp, 'schema.ts');
  const gen = path.join(
    path.dirname(
      createRequire(path.join(ROOT, 'packages/sdk/package.json')).resolve('openapi-typescript/package.json'),
    ),
    'bin/cli.js',
  );
  execFileSync(process.execPath, [gen, fresh, '-o', types], { stdio: 'inherit' });
  if (readFileSync(types, 'utf8') !== readFileSync(TYPES, 'utf8'))
    problems.push(
      'packages/sdk/src/generated/schema.ts is stale: run `npm run openapi -w @amms/api && npm run generate -w @amms/sdk` and commit both',
    );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

if (problems.length > 0) {
  for (const p of problems) console.error(`✗ ${p}`);
  process.exit(1);
}
console.log(
  'OpenAPI document valid (swagger-parser, redocly recommended); openapi.json and the SDK types are up to date',
);
