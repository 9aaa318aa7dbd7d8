// Shared plumbing of `npm run eval:knowledge` and `npm run bench:knowledge`: its own database
// (created, migrated, seeded with the demo manuals through the upload service), a worker that
// ingests them and API processes on loopback, a real login. Children are stopped on exit.
import { json } from './lib.mjs';

export { json, ROOT, start, step, stopAll, waitUp } from './lib.mjs';

/** A client of one API process, signed in as a demo user of one org. */
export async function login(base, email, slug) {
  const body = await json(
    await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'amms-demo-2026' }),
    }),
  );
  const orgId = body.memberships.find((m) => m.organization.slug === slug).organization.id;
  const headers = { authorization: `Bearer ${body.accessToken}`, 'content-type': 'application/json' };
  return {
    orgId,
    headers,
    get: async (p) => json(await fetch(`${base}/api/v1/orgs/${orgId}${p}`, { headers })),
    post: async (p, b) =>
      json(await fetch(`${base}/api/v1/orgs/${orgId}${p}`, { method: 'POST', headers, body: JSON.stringify(b) })),
  };
}

/** Every document of the org's view READY (the worker ingested the seeded manuals), or throws after `maxS`. */
export async function waitReady(client, expected, maxS = 600) {
  const t0 = Date.now();
  for (;;) {
    const { items } = await client.get('/documents?limit=200');
    const ready = items.filter((d) => d.latestVersion.status === 'READY');
    const failed = items.filter((d) => d.latestVersion.status === 'FAILED');
    if (failed.length)
      throw new Error(
        `ingestion failed: ${failed.map((d) => `${d.title}: ${d.latestVersion.failureReason}`).join('; ')}`,
      );
    if (ready.length >= expected) return items;
    if (Date.now() - t0 > maxS * 1000)
      throw new Error(`only ${ready.length}/${expected} documents READY after ${maxS} s`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};
