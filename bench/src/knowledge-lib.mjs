// Shared plumbing of `npm run eval:knowledge` and `npm run bench:knowledge`: its own database
// (created, migrated, seeded with the demo manuals through the upload service), a worker that
// ingests them and API processes on loopback, a real login. Children are stopped on exit.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const children = [];
let stopping = false;
/** Starts a node process; env values `undefined` remove the variable. */
export function start(label, args, env) {
  const merged = { ...process.env, ...env };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  const child = spawn(process.execPath, args, { cwd: ROOT, env: merged, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  child.on('exit', (code, sig) => {
    if (code && !stopping) console.error(`${label} exited with ${code ?? sig}`);
  });
  return child;
}
export function stopAll() {
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
}
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

export function step(label, cmd, args, env = {}) {
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${label} failed:\n${r.stdout}\n${r.stderr}`);
  console.log(`  ${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return r.stdout;
}

export async function waitUp(base) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${base} did not start (build first: npm run build)`);
}

export async function json(res) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${res.url}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** A client of one API process, signed in as a demo user of one org. */
export async function login(base, email, slug) {
  const body = await json(
    await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'amms-demo-2026' }) }),
  );
  const orgId = body.memberships.find((m) => m.organization.slug === slug).organization.id;
  const headers = { authorization: `Bearer ${body.accessToken}`, 'content-type': 'application/json' };
  return {
    orgId,
    headers,
    get: async (p) => json(await fetch(`${base}/api/v1/orgs/${orgId}${p}`, { headers })),
    post: async (p, b) => json(await fetch(`${base}/api/v1/orgs/${orgId}${p}`, { method: 'POST', headers, body: JSON.stringify(b) })),
  };
}

/** Every document of the org's view READY (the worker ingested the seeded manuals), or throws after `maxS`. */
export async function waitReady(client, expected, maxS = 600) {
  const t0 = Date.now();
  for (;;) {
    const { items } = await client.get('/documents?limit=200');
    const ready = items.filter((d) => d.latestVersion.status === 'READY');
    const failed = items.filter((d) => d.latestVersion.status === 'FAILED');
    if (failed.length) throw new Error(`ingestion failed: ${failed.map((d) => `${d.title}: ${d.latestVersion.failureReason}`).join('; ')}`);
    if (ready.length >= expected) return items;
    if (Date.now() - t0 > maxS * 1000) throw new Error(`only ${ready.length}/${expected} documents READY after ${maxS} s`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};
