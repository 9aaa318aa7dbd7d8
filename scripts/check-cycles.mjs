// Fails when relative imports form a cycle inside a workspace, or when a package imports an app.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const SRC_DIRS = ['apps/api/src', 'apps/web/src', 'packages/contracts/src', 'packages/db/src'];
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function walk(dir, out = []) {
  let entries = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const e of entries) {
    if (e === 'generated' || e === 'node_modules' || e.startsWith('.')) continue;
    const p = path.join(dir, e);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|mts)$/.test(e) && !/\.spec\.tsx?$/.test(e) && !e.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  for (const c of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    try {
      if (statSync(c).isFile()) return c;
    } catch {
      /* next */
    }
  }
  return null;
}

let problems = 0;
for (const dir of SRC_DIRS) {
  const files = walk(path.join(ROOT, dir));
  const graph = new Map();
  for (const f of files) {
    const src = readFileSync(f, 'utf8');
    const deps = [];
    for (const m of src.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (dir.startsWith('packages/') && /@amms\/(api|web)/.test(spec)) {
        console.error(`boundary: ${path.relative(ROOT, f)} imports an app (${spec})`);
        problems++;
      }
      if (dir === 'packages/contracts/src' && !spec.startsWith('.') && spec !== 'zod' && !spec.startsWith('zod/')) {
        console.error(`boundary: contracts may depend on zod alone (${path.relative(ROOT, f)} imports ${spec})`);
        problems++;
      }
      if (spec.startsWith('.')) {
        const r = resolve(f, spec);
        if (r) deps.push(r);
      }
    }
    graph.set(f, deps);
  }
  const state = new Map();
  const stack = [];
  const visit = (f) => {
    state.set(f, 1);
    stack.push(f);
    for (const d of graph.get(f) ?? []) {
      if (state.get(d) === 1) {
        const cycle = stack
          .slice(stack.indexOf(d))
          .concat(d)
          .map((p) => path.relative(ROOT, p));
        console.error(`cycle: ${cycle.join(' → ')}`);
        problems++;
      } else if (!state.has(d)) visit(d);
    }
    stack.pop();
    state.set(f, 2);
  };
  for (const f of files) if (!state.has(f)) visit(f);
}
if (problems) {
  console.error(`${problems} dependency problem(s)`);
  process.exit(1);
}
console.log('no import cycles, boundaries respected');
