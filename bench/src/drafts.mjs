// Confirmed drafts for the execution benchmarks, written the way drafts.service writes them
// (version 1, item keys from the built scheduler's itemKeyOf) and confirmed through the API.
import { createHash, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { json, ROOT, sleep } from './lib.mjs';

const HOUR = 3_600_000;
const require = createRequire(import.meta.url);
export const { createPrismaClient } = await import(pathToFileURL(require.resolve('@amms/db')).href);
const { itemKeyOf } = await import(
  pathToFileURL(path.join(ROOT, 'apps/api/dist/planning/scheduler/scheduler.js')).href
);

/**
 * One draft with `lanes` × `perLane` one-hour harvest jobs: each lane is a new combine and one of
 * the org's operators, its jobs every two hours from `from` (no two items compete for a booking).
 */
export async function confirmedDraft(db, base, auth, { lanes, perLane, from, label }) {
  const org = auth.orgId;
  const operators = await db.membership.findMany({
    where: { organizationId: org, role: 'OPERATOR', status: 'ACTIVE' },
    orderBy: { id: 'asc' },
    take: lanes,
  });
  if (operators.length < lanes)
    throw new Error(`the demo org has ${operators.length} operators; ${lanes} lanes need as many`);
  const model = await db.machineModel.create({
    data: {
      organizationId: org,
      manufacturer: `Bench ${randomUUID().slice(0, 6)}`,
      name: 'C110',
      kind: 'SELF_PROPELLED',
      operationTypes: ['HARVESTING'],
    },
  });
  const field = await db.field.create({
    data: { organizationId: org, name: `bench-${randomUUID().slice(0, 8)}`, areaM2: 100_000 },
  });
  const items = [];
  const assetIds = [];
  for (let k = 0; k < lanes; k++) {
    const asset = await db.asset.create({
      data: {
        organizationId: org,
        modelId: model.id,
        name: `${label} combine ${k}`,
        serialNumber: `BENCH-${randomUUID().slice(0, 12)}`,
      },
    });
    assetIds.push(asset.id);
    const jobs = [];
    for (let i = 0; i < perLane; i++) {
      const startsAt = new Date(from + i * 2 * HOUR).toISOString();
      const endsAt = new Date(Date.parse(startsAt) + HOUR).toISOString();
      jobs.push({
        id: randomUUID(),
        organizationId: org,
        fieldId: field.id,
        operationType: 'HARVESTING',
        title: `${label} ${k}-${i}`,
        areaM2: 10_000,
        windowStart: startsAt,
        windowEnd: endsAt,
        estimatedHours: '1.00',
        createdByUserId: auth.claims.sub,
      });
    }
    await db.job.createMany({ data: jobs });
    for (const job of jobs) {
      const plain = {
        jobId: job.id,
        primaryAssetId: asset.id,
        implementAssetIds: [],
        operatorMembershipId: operators[k].id,
        startsAt: job.windowStart,
        endsAt: job.windowEnd,
      };
      items.push({
        ...plain,
        itemKey: itemKeyOf(plain, 1),
        job: { title: job.title, operationType: 'HARVESTING', fieldName: field.name, priority: 3 },
        primaryAssetName: asset.name,
        implementNames: [],
        operatorName: null,
      });
    }
  }
  const contentHash = createHash('sha256').update(JSON.stringify(items)).digest('hex');
  const draft = await db.draft.create({
    data: { organizationId: org, kind: 'SCHEDULE', title: label, createdByUserId: auth.claims.sub, currentVersion: 1 },
  });
  await db.draftVersion.create({
    data: {
      organizationId: org,
      draftId: draft.id,
      version: 1,
      items,
      unplaced: [],
      validation: { ok: true, violations: [], warnings: [] },
      evidence: [],
      contentHash,
      createdByUserId: auth.claims.sub,
    },
  });
  await json(
    await fetch(`${base}/api/v1/orgs/${org}/drafts/${draft.id}/confirm`, {
      method: 'POST',
      headers: { ...auth.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ version: 1, contentHash }),
    }),
  );
  return { id: draft.id, items: items.length, assetIds };
}

/** Executes the drafts at once and waits for every execution to end; seconds from request to last. */
export async function executeAll(base, auth, draftIds) {
  const org = auth.orgId;
  const t0 = performance.now();
  const started = await Promise.all(
    draftIds.map(async (id) =>
      json(
        await fetch(`${base}/api/v1/orgs/${org}/drafts/${id}/execute`, {
          method: 'POST',
          headers: { ...auth.headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({ version: 1 }),
        }),
      ),
    ),
  );
  const pending = new Set(started.map((e) => e.id));
  const done = [];
  while (pending.size) {
    for (const id of [...pending]) {
      const e = await json(await fetch(`${base}/api/v1/orgs/${org}/executions/${id}`, { headers: auth.headers }));
      if (!['PENDING', 'RUNNING'].includes(e.status)) {
        pending.delete(id);
        done.push(e);
      }
    }
    if (pending.size) await sleep(100);
  }
  return { seconds: (performance.now() - t0) / 1000, executions: done };
}
