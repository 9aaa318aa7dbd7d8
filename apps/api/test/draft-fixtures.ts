// Shared by the e2e files that execute drafts in real worker processes: a world (org, logins,
// combines, a field), jobs next week, a confirmed draft written in the shape drafts.service
// writes, an execution's event stream read as it arrives.
import { createHash, randomUUID } from 'node:crypto';
import type { PrismaClient } from '@amms/db';
import type { TDraftItem } from '@amms/contracts/drafts';
import type { TRole } from '@amms/contracts/permissions';
import { itemKeyOf } from '../src/planning/scheduler/scheduler.js';
import { call, createOrg, type TestOrg } from './harness.js';
import { assetRow, combineModel } from './support/world.js';
import { expectStatus, loginAll, orgPath } from './assertions.js';

export const HOUR = 3_600_000;
const tag = () => randomUUID().slice(0, 8);

/** Next week's Monday 00:00 in Asia/Shanghai, as an instant; `at(day, hour)` is local time. */
/** an instant's calendar day in Asia/Shanghai (UTC+8), YYYY-MM-DD */
export const localDay = (iso: string) => new Date(Date.parse(iso) + 8 * HOUR).toISOString().slice(0, 10);

/** a licence's last day, five years ahead of now: a fixed date would one day lapse before next week's jobs */
export const LICENCE_UNTIL = `${new Date().getUTCFullYear() + 5}-01-01`;

export function nextWeek() {
  const local = new Date(Date.now() + 8 * HOUR);
  const dow = (local.getUTCDay() + 6) % 7;
  const mon = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 7 - dow) - 8 * HOUR;
  return (day: number, hour: number) => new Date(mon + day * 86_400_000 + hour * HOUR).toISOString();
}

export interface World {
  base: string;
  db: PrismaClient;
  org: TestOrg;
  t: Record<TRole, string>;
  combines: string[];
  fieldId: string;
}

const post = (w: World, token: string, rest: string, body: unknown, key: string | null = randomUUID()) =>
  call(w.base, 'POST', orgPath(w.org.id, rest), {
    token,
    body,
    headers: key === null ? {} : { 'idempotency-key': key },
  });

/** A fresh org with every role logged in, `combines` harvesters of a private model and a field. */
export async function world(base: string, db: PrismaClient, combines = 2): Promise<World> {
  const org = await createOrg(db, 'exec');
  const t = await loginAll(base, org);
  const model = await combineModel(db, org.id);
  const ids: string[] = [];
  for (let i = 0; i < combines; i++) ids.push(await assetRow(db, org.id, model.id, `收割机${i + 1}`));
  const w: World = { base, db, org, t, combines: ids, fieldId: '' };
  const f = await post(w, t.OWNER, '/fields', { name: `西岗${tag()}`, areaHa: 10 });
  expectStatus(f, 201);
  w.fieldId = f.body.id;
  return w;
}

export async function harvestJob(w: World, windowStart: string, windowEnd: string, hours = 1): Promise<string> {
  const r = await post(w, w.t.DISPATCHER, '/jobs', {
    fieldId: w.fieldId,
    operationType: 'HARVESTING',
    estimatedHours: hours,
    windowStart,
    windowEnd,
  });
  expectStatus(r, 201);
  return r.body.id;
}

/**
 * A draft written directly in the shape drafts.service writes (version 1, no violations, item
 * keys from the scheduler's itemKeyOf with the job's version), then confirmed through the API.
 */
export async function confirmedDraft(
  w: World,
  slots: { jobId: string; assetId: string; startsAt: string; endsAt: string }[],
  confirmer: TRole = 'DISPATCHER',
) {
  const items: TDraftItem[] = slots.map((s) => {
    const plain = {
      jobId: s.jobId,
      primaryAssetId: s.assetId,
      implementAssetIds: [],
      operatorMembershipId: w.org.users.OPERATOR.membershipId,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
    };
    return {
      ...plain,
      itemKey: itemKeyOf(plain, 1),
      job: { title: null, operationType: 'HARVESTING', fieldName: 'field', priority: 3 },
      primaryAssetName: null,
      implementNames: [],
      operatorName: null,
    };
  });
  const contentHash = createHash('sha256').update(JSON.stringify(items)).digest('hex');
  const draft = await w.db.draft.create({
    data: {
      organizationId: w.org.id,
      kind: 'SCHEDULE',
      title: 'test draft',
      createdByUserId: w.org.users.DISPATCHER.id,
      currentVersion: 1,
    },
  });
  await w.db.draftVersion.create({
    data: {
      organizationId: w.org.id,
      draftId: draft.id,
      version: 1,
      items,
      unplaced: [],
      validation: { ok: true, violations: [], warnings: [] },
      evidence: [],
      contentHash,
      createdByUserId: w.org.users.DISPATCHER.id,
    },
  });
  const c = await post(w, w.t[confirmer], `/drafts/${draft.id}/confirm`, { version: 1, contentHash }, null);
  expectStatus(c, 200);
  return { id: draft.id, items };
}

/** `n` one-hour jobs on consecutive hours of next Tuesday, each planned on a combine (round robin). */
export async function hourlyDraft(w: World, n: number, confirmer: TRole = 'DISPATCHER') {
  const at = nextWeek();
  const slots = [];
  for (let i = 0; i < n; i++) {
    const startsAt = new Date(Date.parse(at(1, 0)) + i * HOUR).toISOString();
    const endsAt = new Date(Date.parse(startsAt) + HOUR).toISOString();
    slots.push({
      jobId: await harvestJob(w, startsAt, endsAt),
      assetId: w.combines[i % w.combines.length]!,
      startsAt,
      endsAt,
    });
  }
  return confirmedDraft(w, slots, confirmer);
}
