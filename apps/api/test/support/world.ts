import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '@amms/db';
import { ZJob, type TJob } from '@amms/contracts/jobs';
import { ZAsset, type TAsset } from '@amms/contracts/assets';
import type { TRole } from '@amms/contracts/permissions';
import { afterAll, beforeAll } from 'vitest';
import { call, createOrg, startApp, type Harness, type TestOrg } from '../harness.js';
import { expectStatus, loginAll, orgPath } from '../assertions.js';

/**
 * The worlds API e2e tests build again and again: requests bound to an org path, machine models and
 * machines written directly, and "an org with a tractor and a field" with a job assigned on it.
 * Everything is fresh per call (random tags): tests never share rows.
 */
export const tag = () => randomUUID().slice(0, 8);
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/**
 * The app of one spec file: started before its tests (beforeAll) and closed after them. The handle
 * reads through to the running app, so a file declares it once at the top: `const h = appForFile();`.
 */
export function appForFile(overrides: Record<string, string> = {}): Harness {
  let running: Harness | undefined;
  beforeAll(async () => {
    running = await startApp(overrides);
  });
  afterAll(() => running?.close());
  const now = () => {
    if (!running) throw new Error('the app is not started yet: use it inside a test or a hook');
    return running;
  };
  return {
    get app() {
      return now().app;
    },
    get base() {
      return now().base;
    },
    get db() {
      return now().db;
    },
    close: () => now().close(),
  };
}

/**
 * Requests under /api/v1/orgs/:org of the harness `app()` answers (a getter: files declare these
 * before beforeAll starts the app). A key makes the write an idempotent one.
 */
export function orgApi(app: () => Pick<Harness, 'base'>) {
  const send =
    (method: string) =>
    (token: string, org: string, rest: string, body: unknown = {}, key?: string) =>
      call(app().base, method, orgPath(org, rest), { token, body, headers: key ? { 'idempotency-key': key } : {} });
  return {
    get: (token: string, org: string, rest: string) => call(app().base, 'GET', orgPath(org, rest), { token }),
    post: send('POST'),
    patch: send('PATCH'),
    put: send('PUT'),
    del: (token: string, org: string, rest: string) => call(app().base, 'DELETE', orgPath(org, rest), { token }),
  };
}

type ModelData = Partial<{
  manufacturer: string;
  name: string;
  kind: 'POWER_UNIT' | 'IMPLEMENT' | 'SELF_PROPELLED';
  operationTypes: ('TILLAGE' | 'TRANSPORT' | 'SOWING_PLANTING' | 'HARVESTING' | 'MOWING')[];
  powerKw: number;
  workRateHaPerHour: number;
}>;

/** A machine model written directly: the org's own, or (organizationId null) the platform catalogue's. Tillage tractor by default. */
export function machineModel(db: PrismaClient, organizationId: string | null, data: ModelData = {}) {
  return db.machineModel.create({
    data: {
      organizationId,
      manufacturer: `M-${tag()}`,
      name: 'M',
      kind: 'POWER_UNIT',
      operationTypes: ['TILLAGE'],
      ...data,
    },
  });
}

/** The org's own combine harvester model (S780, self-propelled, harvesting), as the agent and draft worlds use. */
export function combineModel(
  db: PrismaClient,
  organizationId: string,
  operationTypes: ModelData['operationTypes'] = ['HARVESTING'],
) {
  return machineModel(db, organizationId, {
    manufacturer: `Mfr-${tag()}`,
    name: 'S780',
    kind: 'SELF_PROPELLED',
    operationTypes,
  });
}

/** A machine of `modelId` written directly (a fresh serial number); answers its id. */
export async function assetRow(
  db: PrismaClient,
  organizationId: string,
  modelId: string,
  name: string,
  data: { status?: 'ACTIVE' | 'IN_MAINTENANCE'; teamId?: string } = {},
): Promise<string> {
  const asset = await db.asset.create({
    data: { organizationId, modelId, name, serialNumber: `SN-${tag()}`, ...data },
  });
  return asset.id;
}

/** A MANUAL meter reading of `readingHours` taken an hour ago, written directly. */
export function meterRow(db: PrismaClient, organizationId: string, assetId: string, readingHours: number) {
  return db.meterReading.create({
    data: { organizationId, assetId, readingHours, readAt: new Date(Date.now() - HOUR), source: 'MANUAL' },
  });
}

/** A machine of the org (a model of its own, a tractor by default) written directly; answers its id. */
export async function machineRow(
  db: PrismaClient,
  organizationId: string,
  name = 'JD 6R',
  model: ModelData = { name: 'T' },
): Promise<string> {
  const m = await machineModel(db, organizationId, model);
  return assetRow(db, organizationId, m.id, name);
}

export interface OrgWorld {
  org: TestOrg;
  /** an access token per role */
  t: Record<TRole, string>;
}

/** A fresh org with one member per role, all signed in. */
export async function orgWorld(h: Pick<Harness, 'base' | 'db'>, label: string): Promise<OrgWorld> {
  const org = await createOrg(h.db, label);
  return { org, t: await loginAll(h.base, org) };
}

export interface FieldWorld extends OrgWorld {
  tractor: string;
  fieldId: string;
}

/** An org with a tractor and a field (created by the OWNER through the API). */
export async function fieldWorld(
  h: Pick<Harness, 'base' | 'db'>,
  label: string,
  field: Record<string, unknown> = {},
): Promise<FieldWorld> {
  const w = await orgWorld(h, label);
  const tractor = await machineRow(h.db, w.org.id);
  const f = await orgApi(() => h).post(w.t.OWNER, w.org.id, '/fields', {
    name: `Field ${tag()}`,
    areaHa: 10,
    ...field,
  });
  expectStatus(f, 201);
  return { ...w, tractor, fieldId: (f.body as { id: string }).id };
}

/**
 * A job written by the DISPATCHER (tillage unless `job` says otherwise) and assigned to the OPERATOR on
 * `tractor` for `slot`; answers the assigned job.
 */
export async function jobOnTractor(
  h: Pick<Harness, 'base'>,
  w: OrgWorld,
  tractor: string,
  job: { fieldId: string; estimatedHours: number; windowStart: string; windowEnd: string; title?: string },
  slot: { startsAt: string; endsAt: string },
) {
  const api = orgApi(() => h);
  const j = await api.post(w.t.DISPATCHER, w.org.id, '/jobs', { operationType: 'TILLAGE', ...job });
  expectStatus(j, 201);
  const a = await api.post(w.t.DISPATCHER, w.org.id, `/jobs/${(j.body as TJob).id}/assign`, {
    primaryAssetId: tractor,
    operatorMembershipId: w.org.users.OPERATOR.membershipId,
    ...slot,
  });
  expectStatus(a, 200);
  return ZJob.parse(a.body);
}

/**
 * A 6 h tillage job on the world's field (window: two days ago to tomorrow) assigned by the
 * DISPATCHER to the OPERATOR on the tractor, booked from `startsAt` to `endsAt`.
 */
export function assignedJob(h: Pick<Harness, 'base'>, w: FieldWorld, startsAt: Date, endsAt: Date) {
  const now = Date.now();
  return jobOnTractor(
    h,
    w,
    w.tractor,
    {
      fieldId: w.fieldId,
      estimatedHours: 6,
      windowStart: new Date(now - 2 * DAY).toISOString(),
      windowEnd: new Date(now + DAY).toISOString(),
    },
    { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() },
  );
}

/** A FUEL cost document (10 L diesel at ¥7) written by the ACCOUNTANT and submitted for approval. */
export async function submittedDieselCost(h: Pick<Harness, 'base'>, w: OrgWorld) {
  const api = orgApi(() => h);
  const created = await api.post(w.t.ACCOUNTANT, w.org.id, '/cost-documents', {
    category: 'FUEL',
    documentDate: '2026-11-02',
    description: 'Diesel',
    lines: [{ description: 'diesel', quantity: 10, unitPriceMinor: '700' }],
  });
  expectStatus(created, 201);
  const doc = created.body as { id: string; number: number };
  expectStatus(await api.post(w.t.ACCOUNTANT, w.org.id, `/cost-documents/${doc.id}/submit`), 200);
  return doc;
}

/**
 * What attachments hang on in org `a`: a CORRECTIVE work order on `assetId` (written by the OWNER, then
 * marked as reported by the OPERATOR, whose ASSIGNED scope reads the faults they reported) and a FUEL
 * cost document written by the ACCOUNTANT.
 */
export async function attachmentTargets(
  h: Pick<Harness, 'base' | 'db'>,
  a: TestOrg,
  t: Partial<Record<TRole, string>>,
  assetId: string,
  title: string,
): Promise<{ woId: string; docId: string }> {
  const api = orgApi(() => h);
  const wo = await api.post(t.OWNER!, a.id, '/work-orders', { type: 'CORRECTIVE', assetId, title });
  expectStatus(wo, 201);
  const woId = (wo.body as { id: string }).id;
  await h.db.workOrder.update({ where: { id: woId }, data: { reportedByMembershipId: a.users.OPERATOR.membershipId } });
  const doc = await api.post(t.ACCOUNTANT!, a.id, '/cost-documents', {
    category: 'FUEL',
    documentDate: '2026-03-01',
    lines: [{ description: 'Diesel', quantity: 10, unit: 'L', unitPriceMinor: '789' }],
  });
  expectStatus(doc, 201);
  return { woId, docId: (doc.body as { id: string }).id };
}

/** A machine created through the API (`POST /assets`: a tractor with a fresh name and serial unless `body` says otherwise). */
export async function apiAsset(
  h: Pick<Harness, 'base'>,
  token: string,
  orgId: string,
  modelId: string,
  body: Record<string, unknown> = {},
): Promise<TAsset> {
  const r = await orgApi(() => h).post(token, orgId, '/assets', {
    modelId,
    name: `Tractor ${tag()}`,
    serialNumber: `SN-${tag()}`,
    ...body,
  });
  expectStatus(r, 201);
  return ZAsset.parse(r.body);
}
