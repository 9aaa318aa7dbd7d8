// `node --test scripts/check-cycles.test.mjs` (the `scripts` step of `npm test`): the cycle gate on small trees.
import { spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./check-cycles.mjs', import.meta.url));
const dirs = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A repository-shaped tree: the web's tsconfig (with comments, as tsconfig allows) and the given files. */
function tree(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'check-cycles-'));
  dirs.push(root);
  const all = {
    'apps/web/tsconfig.json': `{
      // like apps/web/tsconfig.json
      "compilerOptions": { "paths": { "@/*": ["./src/*"] }, },
      "include": ["src/**/*.ts"]
    }`,
    ...files,
  };
  for (const [rel, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}
const check = (root) => spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8', timeout: 20_000 });

test('a folder-level cycle between two features through `@/` imports fails, naming the edge', () => {
  const res = check(
    tree({
      'apps/web/src/features/field/ask.tsx':
        "import { link } from '@/features/knowledge/links';\nexport const ask = link;\n",
      'apps/web/src/features/knowledge/links.ts': 'export const link = 1;\n',
      'apps/web/src/features/knowledge/page.tsx':
        "import { api } from '@/features/field/api';\nexport const page = api;\n",
      'apps/web/src/features/field/api.ts': 'export const api = 2;\n',
    }),
  );
  assert.equal(res.status, 1, res.stdout + res.stderr);
  assert.match(res.stderr, /module cycle in apps\/web\/src: features\/field, features\/knowledge/);
  assert.match(res.stderr, /features\/knowledge → features\/field {2}\(apps\/web\/src\/features\/knowledge\/page\.tsx/);
});

test('a cycle between top-level folders (components ↔ lib) through `@/` imports fails', () => {
  const res = check(
    tree({
      'apps/web/src/components/badge.tsx': "import { tone } from '@/lib/labels';\nexport const Badge = tone;\n",
      'apps/web/src/lib/labels.ts': "import type { Badge } from '@/components/badge';\nexport const tone = 1;\n",
    }),
  );
  assert.equal(res.status, 1, res.stdout + res.stderr);
  assert.match(res.stderr, /module cycle in apps\/web\/src: components, lib/);
});

test('a file cycle mixing `@/` and relative imports fails', () => {
  const res = check(
    tree({
      'apps/web/src/lib/a.ts': "import { b } from '@/lib/b';\nexport const a = b;\n",
      'apps/web/src/lib/b.ts': "import { a } from './a';\nexport const b = a;\n",
    }),
  );
  assert.equal(res.status, 1, res.stdout + res.stderr);
  assert.match(
    res.stderr,
    /cycle: apps\/web\/src\/lib\/a\.ts → apps\/web\/src\/lib\/b\.ts → apps\/web\/src\/lib\/a\.ts/,
  );
});

test('one-way `@/` imports (features → components → lib, the index of a feature) pass', () => {
  const res = check(
    tree({
      'apps/web/src/features/field/ask.tsx':
        "import { Badge } from '@/components/badge';\nimport { link } from '@/features/knowledge';\nexport const ask = [Badge, link];\n",
      'apps/web/src/features/knowledge/index.ts': "export { link } from './links';\n",
      'apps/web/src/features/knowledge/links.ts': "import { tone } from '@/lib/labels';\nexport const link = tone;\n",
      'apps/web/src/components/badge.tsx': "import { tone } from '@/lib/labels';\nexport const Badge = tone;\n",
      'apps/web/src/lib/labels.ts': 'export const tone = 1;\n',
    }),
  );
  assert.equal(res.status, 0, res.stdout + res.stderr);
  assert.match(res.stdout, /no import cycles/);
});
