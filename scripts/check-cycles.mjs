// Fails when imports form a cycle inside a workspace (between files, or between the folders named below),
// or when a package imports an app. Imports are resolved as TypeScript does: relative ones, and the
// workspace's tsconfig `paths` aliases (the web's `@/…`), which are most of the web's imports.
// `--root <dir>` checks another tree laid out like this repository (scripts/check-cycles.test.mjs).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT as REPO_ROOT } from './lib.mjs';

const rootArg = process.argv.indexOf('--root');
const ROOT = rootArg > 0 ? path.resolve(process.argv[rootArg + 1]) : REPO_ROOT;

const SRC_DIRS = ['apps/api/src', 'apps/web/src', 'packages/contracts/src', 'packages/db/src'];
// Folder-level (module) cycles: an edge A → B when a file under A/ imports a file under B/. A module is the
// first folder below the root; below a `split` folder it is the next one (`features/<name>`). Files
// directly in the root are not a module.
const MODULE_ROOTS = [
  { root: 'apps/api/src', split: [] },
  { root: 'apps/web/src', split: ['features'] },
];
// Known module cycles, each to be removed by the change that breaks it (the check fails when one is gone
// but still listed, so the list only shrinks). They belong to this repository, not to a tree given by --root.
const KNOWN_MODULE_CYCLES = new Set(ROOT !== REPO_ROOT ? [] : []);
// The API's foundation: platform/ (config, Prisma, Redis, queue, errors, HTTP, the caller's context and
// access declarations) imports no feature module, so every module may import it.
const FOUNDATION = { root: 'apps/api/src', module: 'platform' };
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function walk(dir, out = []) {
  let entries;
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

function isFile(p) {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The `paths` of a workspace's tsconfig.json as [prefix, [target dirs]] pairs (`@/*` → `<ws>/src/*`). */
function pathAliases(workspace) {
  const file = path.join(ROOT, workspace, 'tsconfig.json');
  if (!isFile(file)) return [];
  // tsconfig allows comments and trailing commas: drop them (outside strings) before JSON.parse
  const text = readFileSync(file, 'utf8')
    .replace(/("(?:[^"\\]|\\.)*")|\/\*[\s\S]*?\*\/|\/\/.*$/gm, (_, str) => str ?? '')
    .replace(/("(?:[^"\\]|\\.)*")|,(\s*[}\]])/g, (_, str, close) => str ?? close);
  const options = JSON.parse(text).compilerOptions ?? {};
  const base = path.resolve(path.dirname(file), options.baseUrl ?? '.');
  return Object.entries(options.paths ?? {}).map(([pattern, targets]) => [
    pattern.replace(/\*$/, ''),
    targets.map((t) => path.resolve(base, t.replace(/\*$/, ''))),
  ]);
}

function resolveFile(base) {
  base = base.replace(/\.js$/, '');
  for (const c of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
    if (isFile(c)) return c;
  return null;
}

function resolve(from, spec, aliases) {
  if (spec.startsWith('.')) return resolveFile(path.resolve(path.dirname(from), spec));
  for (const [prefix, targets] of aliases) {
    if (!spec.startsWith(prefix)) continue;
    for (const t of targets) {
      const r = resolveFile(path.join(t, spec.slice(prefix.length)));
      if (r) return r;
    }
  }
  return null;
}

let problems = 0;
const moduleEdges = new Map(MODULE_ROOTS.map((m) => [m.root, new Map()]));
function moduleOf({ root, split }, file) {
  const rel = path.relative(path.join(ROOT, root), file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(path.sep);
  if (split.includes(parts[0])) return parts.length > 2 ? `${parts[0]}/${parts[1]}` : null;
  return parts.length > 1 ? parts[0] : null;
}
function noteModuleEdge(from, to) {
  for (const m of MODULE_ROOTS) {
    const a = moduleOf(m, from);
    const b = moduleOf(m, to);
    if (!a || !b || a === b) continue;
    if (m.root === FOUNDATION.root && a === FOUNDATION.module) {
      console.error(`boundary: ${path.relative(ROOT, from)} (the platform) imports the ${b} module`);
      problems++;
    }
    const edges = moduleEdges.get(m.root);
    if (!edges.has(a)) edges.set(a, new Map());
    const targets = edges.get(a);
    if (!targets.has(b)) targets.set(b, `${path.relative(ROOT, from)} → ${path.relative(ROOT, to)}`);
  }
}
for (const dir of SRC_DIRS) {
  const aliases = pathAliases(path.dirname(dir));
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
      const r = resolve(f, spec, aliases);
      if (r) {
        deps.push(r);
        noteModuleEdge(f, r);
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
