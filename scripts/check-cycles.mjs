// Fails when relative imports form a cycle inside a workspace, or when a package imports an app.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const SRC_DIRS = ['apps/api/src', 'apps/web/src', 'packages/contracts/src', 'packages/db/src'];
// Folder-level (module) cycles: an edge A → B when a file under A/ imports a file under B/ (the first folder
// below the root named here; files directly in the root are not a module).
const MODULE_ROOTS = ['apps/api/src', 'apps/web/src/features'];
// Known module cycles, each to be removed by the change that breaks it (the check fails when one is gone
// but still listed, so the list only shrinks).
const KNOWN_MODULE_CYCLES = new Set([]);
// The API's foundation: platform/ (config, Prisma, Redis, queue, errors, HTTP, the caller's context and
// access declarations) imports no feature module, so every module may import it.
const FOUNDATION = { root: 'apps/api/src', module: 'platform' };
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
const moduleEdges = new Map(MODULE_ROOTS.map((r) => [r, new Map()]));
function moduleOf(root, file) {
  const rel = path.relative(path.join(ROOT, root), file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}
function noteModuleEdge(from, to) {
  for (const [root, edges] of moduleEdges) {
    const a = moduleOf(root, from);
    const b = moduleOf(root, to);
    if (!a || !b || a === b) continue;
    if (root === FOUNDATION.root && a === FOUNDATION.module) {
      console.error(`boundary: ${path.relative(ROOT, from)} (the platform) imports the ${b} module`);
      problems++;
    }
    if (!edges.has(a)) edges.set(a, new Map());
    const targets = edges.get(a);
    if (!targets.has(b)) targets.set(b, `${path.relative(ROOT, from)} → ${path.relative(ROOT, to)}`);
  }
}
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
        if (r) {
          deps.push(r);
          noteModuleEdge(f, r);
        }
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
const knownSeen = new Set();
for (const [root, edges] of moduleEdges) {
  // Tarjan's strongly connected components: every component with more than one module is a cycle.
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const onStack = new Set();
  const st = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    st.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = st.pop();
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      const name = `${root}: ${comp.sort().join(', ')}`;
      if (comp.length > 1 && KNOWN_MODULE_CYCLES.has(name)) {
        knownSeen.add(name);
        console.log(`known module cycle (listed in KNOWN_MODULE_CYCLES): ${name}`);
      } else if (comp.length > 1) {
        const set = new Set(comp);
        console.error(`module cycle in ${root}: ${comp.sort().join(', ')}`);
        for (const a of comp.sort())
          for (const [b, why] of edges.get(a) ?? []) if (set.has(b)) console.error(`  ${a} → ${b}  (${why})`);
        problems++;
      }
    }
  };
  for (const v of [...edges.keys()].sort()) if (!idx.has(v)) strong(v);
}
for (const name of KNOWN_MODULE_CYCLES)
  if (!knownSeen.has(name)) {
    console.error(`known module cycle is gone: remove "${name}" from KNOWN_MODULE_CYCLES`);
    problems++;
  }
if (problems) {
  console.error(`${problems} dependency problem(s)`);
  process.exit(1);
}
console.log('no import cycles (files or modules), boundaries respected');
