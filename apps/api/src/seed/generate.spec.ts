import { describe, expect, it } from 'vitest';
import { PLATFORM_CATALOG } from './catalog.js';
import { lineAmount } from './costs.js';
import { generateOrgData, type SeedData } from './generate.js';
import { generatorInput } from './generate.fixtures.js';
import { DAY, weekAnchor } from '../platform/random/prng.js';

const NOW = new Date('2026-12-02T15:00:00Z'); // a Wednesday evening in Shanghai
const ANCHOR = weekAnchor(NOW);
/** 00:00 Shanghai of that Wednesday */
const TODAY = +ANCHOR + 2 * DAY;

const input = (slug: string, scale: number, now = NOW) => generatorInput(slug, scale, now, '10000000');

const cache = new Map<string, SeedData>();
const data = (slug = 'green-valley', scale = 1) => {
  const key = `${slug}:${scale}`;
  if (!cache.has(key)) cache.set(key, generateOrgData(input(slug, scale)));
  return cache.get(key) as SeedData;
};

const t = (d: unknown) => +(d as Date);

function expectNoOverlap(rows: { key: string; s: number; e: number }[]) {
  const by = new Map<string, { s: number; e: number }[]>();
  for (const r of rows) by.set(r.key, [...(by.get(r.key) ?? []), r]);
  let checked = 0;
  for (const [key, list] of by) {
    list.sort((a, b) => a.s - b.s);
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1] as { e: number };
      const cur = list[i] as { s: number; e: number };
      if (cur.s < prev.e)
        throw new Error(
          `${key}: booking at ${new Date(cur.s).toISOString()} overlaps one ending ${new Date(prev.e).toISOString()}`,
        );
      checked++;
    }
    for (const r of list) expect(r.e).toBeGreaterThan(r.s);
  }
  return checked;
}

describe.each(['green-valley', 'red-river'])('seed generator (%s)', (slug) => {
  it('is deterministic: the same org, scale and week give identical rows', () => {
    const again = generateOrgData(input(slug, 1));
    expect(again).toEqual(data(slug));
    const other = generateOrgData({ ...input(slug, 1), slug: slug === 'green-valley' ? 'red-river' : 'green-valley' });
    expect(other.assets[0]?.id).not.toBe(data(slug).assets[0]?.id);
  });

  it('never books a machine or an operator twice at the same time', () => {
    const d = data(slug);
    const active = (r: { releasedAt?: unknown }) => r.releasedAt == null;
    // stronger than the exclusion constraint: not even released bookings (closed work orders) overlap
    const m = expectNoOverlap(d.machineBookings.map((b) => ({ key: b.assetId, s: t(b.startsAt), e: t(b.endsAt) })));
    const o = expectNoOverlap(
      d.operatorBookings.filter(active).map((b) => ({ key: b.membershipId, s: t(b.startsAt), e: t(b.endsAt) })),
    );
    expect(m).toBeGreaterThan(500);
    expect(o).toBeGreaterThan(500);
    // every booking belongs to exactly one owner of its kind
    for (const b of d.machineBookings)
      expect(b.kind === 'JOB' ? b.assignmentId && !b.workOrderId : b.workOrderId && !b.assignmentId).toBeTruthy();
    // accepting a work order released its booking; open orders still hold the machine
    const wo = new Map(d.workOrders.map((w) => [w.id as string, w]));
    for (const b of d.machineBookings.filter((x) => x.kind === 'WORK_ORDER')) {
      const w = wo.get(b.workOrderId as string);
      expect(b.releasedAt == null).toBe(w?.status !== 'CLOSED');
    }
  });

  it('keeps meter readings strictly increasing per asset, and none after the start of today', () => {
    const d = data(slug);
    const by = new Map<string, { at: number; h: number }[]>();
    for (const r of d.meterReadings)
      by.set(r.assetId, [...(by.get(r.assetId) ?? []), { at: t(r.readAt), h: Number(r.readingHours) }]);
    expect(by.size).toBeGreaterThan(20);
    for (const list of by.values()) {
      list.sort((a, b) => a.at - b.at);
      for (let i = 1; i < list.length; i++) {
        expect(list[i]?.at).toBeGreaterThan(list[i - 1]?.at as number);
        expect(list[i]?.h).toBeGreaterThan(list[i - 1]?.h as number);
      }
      expect(list[list.length - 1]?.at).toBeLessThan(TODAY);
    }
    // a completed job's meter log is its machine's readings
    for (const j of d.jobs.filter((x) => x.status === 'COMPLETED')) {
      expect(Number(j.actualHours)).toBeCloseTo(Number(j.endMeterHours) - Number(j.startMeterHours), 5);
    }
  });

  it('assigns machine sets that support the operation, an operator, inside the job window', () => {
    const d = data(slug);
    const model = new Map(PLATFORM_CATALOG.map((m) => [input(slug, 1).modelIds[m.key] as string, m]));
    const assetModel = new Map(d.assets.map((a) => [a.id as string, model.get(a.modelId)]));
    const job = new Map(d.jobs.map((j) => [j.id as string, j]));
    const operators = new Set(
      input(slug, 1)
        .members.filter((m) => m.role === 'OPERATOR')
        .map((m) => m.membershipId),
    );
    for (const a of d.assignments) {
      const j = job.get(a.jobId);
      expect(j).toBeDefined();
      const set = d.assignmentMachines.filter((m) => m.assignmentId === a.id);
      const primaries = set.filter((m) => m.role === 'PRIMARY');
      expect(primaries).toHaveLength(1);
      expect(['POWER_UNIT', 'SELF_PROPELLED']).toContain(assetModel.get(primaries[0]?.assetId as string)?.kind);
      for (const m of set) expect(assetModel.get(m.assetId)?.operationTypes).toContain(j?.operationType);
      for (const m of set.filter((x) => x.role === 'IMPLEMENT'))
        expect(assetModel.get(m.assetId)?.kind).toBe('IMPLEMENT');
      expect(operators.has(a.operatorMembershipId)).toBe(true);
      expect(t(a.startsAt)).toBeGreaterThanOrEqual(t(j?.windowStart));
      expect(t(a.endsAt)).toBeLessThanOrEqual(t(j?.windowEnd));
    }
    // one live assignment per job; only scheduled / completed jobs have one
    const assigned = new Set(d.assignments.map((a) => a.jobId));
    expect(assigned.size).toBe(d.assignments.length);
    for (const j of d.jobs)
      expect(assigned.has(j.id as string)).toBe(j.status === 'SCHEDULED' || j.status === 'COMPLETED');
  });

  it('makes cost totals the exact sum of their lines (round-half-up per line)', () => {
    const d = data(slug);
    const sums = new Map<string, bigint>();
    for (const l of d.costLines) {
      expect(BigInt(lineAmount(Math.round(Number(l.quantity) * 1000), Number(l.unitPriceMinor)))).toBe(l.amountMinor);
      sums.set(l.documentId, (sums.get(l.documentId) ?? 0n) + BigInt(l.amountMinor as bigint));
    }
    expect(d.costDocuments.length).toBeGreaterThan(50);
    for (const doc of d.costDocuments) {
      expect(doc.totalMinor).toBe(sums.get(doc.id as string));
      if (doc.decidedByUserId) expect(doc.decidedByUserId).not.toBe(doc.submittedByUserId);
    }
    const statuses = new Set(d.costDocuments.map((x) => x.status));
    expect(statuses).toContain('APPROVED');
    expect(statuses).toContain('SUBMITTED');
    expect(new Set(d.costDocuments.map((x) => x.number)).size).toBe(d.costDocuments.length);
  });

  it('leaves the fleet and the plan in the states the services would (repairs, retirements, work for the agent)', () => {
    const d = data(slug);
    const status = (s: string) => d.assets.filter((a) => a.status === s);
    expect(status('RETIRED')).toHaveLength(2);
    expect(status('IN_MAINTENANCE')).toHaveLength(2);
    for (const a of status('IN_MAINTENANCE')) {
      expect(
        d.workOrders.some((w) => w.assetId === a.id && w.type === 'CORRECTIVE' && w.status === 'IN_PROGRESS'),
      ).toBe(true);
    }
    for (const w of d.workOrders.filter((x) => x.status === 'CLOSED')) {
      expect(w.acceptedByMembershipId).not.toBe(w.submittedByMembershipId);
      expect(t(w.downtimeEndedAt)).toBe(t(w.acceptedAt));
    }
    expect(d.workOrders.filter((w) => w.type === 'CORRECTIVE' && w.status === 'CLOSED').length).toBeGreaterThan(3);
    const nextWeek = [+ANCHOR + 7 * DAY, +ANCHOR + 14 * DAY];
    const inNextWeek = (x: unknown) => t(x) >= (nextWeek[0] as number) && t(x) < (nextWeek[1] as number);
    expect(d.workOrders.some((w) => w.type === 'PREVENTIVE' && w.status === 'OPEN' && inNextWeek(w.plannedStart))).toBe(
      true,
    );
    expect(
      d.jobs.filter((j) => j.status === 'PLANNED' && j.operationType === 'HARVESTING' && inNextWeek(j.windowStart))
        .length,
    ).toBeGreaterThanOrEqual(6);
    expect(d.jobs.filter((j) => j.status === 'SCHEDULED').length).toBeGreaterThan(10);
    const completed = d.jobs.filter((j) => j.status === 'COMPLETED');
    expect(completed.length).toBeGreaterThan(500);
    for (const j of completed) expect(t(j.completedAt)).toBeLessThan(TODAY);
    // a year of history: the first and last completed jobs are months apart
    const times = completed.map((j) => t(j.completedAt)).sort((a, b) => a - b);
    expect((times[times.length - 1] as number) - (times[0] as number)).toBeGreaterThan(150 * DAY);
  });
});

describe('seed generator: the current week', () => {
  const operatorAt = (slug: string) => input(slug, 1).members.find((m) => m.role === 'OPERATOR')?.membershipId;

  it.each(['green-valley', 'red-river'])(
    '%s: completed jobs on every day before today, a few scheduled for today (not for operator@)',
    (slug) => {
      const d = data(slug);
      const job = new Map(d.jobs.map((j) => [j.id as string, j]));
      const thisWeek = d.jobs.filter((j) => j.status === 'COMPLETED' && t(j.completedAt) >= +ANCHOR);
      for (const day of [+ANCHOR, +ANCHOR + DAY]) {
        const done = thisWeek.filter((j) => t(j.completedAt) >= day && t(j.completedAt) < day + DAY);
        expect(done.length, new Date(day).toISOString()).toBeGreaterThanOrEqual(2);
      }
      for (const j of thisWeek) {
        expect(t(j.completedAt)).toBeLessThan(TODAY);
        // wanted before today: the overview's "today" (jobs whose window overlaps it) lists only today's work
        expect(t(j.windowEnd)).toBeLessThanOrEqual(TODAY);
        expect(Number(j.actualHours)).toBeCloseTo(Number(j.endMeterHours) - Number(j.startMeterHours), 5);
      }
      // today: scheduled, booked inside today's working hours, never for the first operator
      const todays = d.assignments.filter(
        (a) => job.get(a.jobId)?.status === 'SCHEDULED' && t(a.startsAt) >= TODAY && t(a.startsAt) < TODAY + DAY,
      );
      expect(todays.length).toBeGreaterThanOrEqual(2);
      for (const a of todays) {
        expect(t(a.endsAt)).toBeLessThanOrEqual(TODAY + DAY);
        expect(a.operatorMembershipId).not.toBe(operatorAt(slug));
      }
      // nothing else happens between today and next Monday's plan
      const planStart = +ANCHOR + 7 * DAY;
      for (const a of d.assignments) {
        const s = t(a.startsAt);
        expect(s < TODAY + DAY || s >= planStart, `assignment starting ${new Date(s).toISOString()}`).toBe(true);
      }
    },
  );

  it('the same week gives the same rows all day long; a Monday has only today', () => {
    const morning = generateOrgData(input('red-river', 1, new Date('2026-12-01T23:30:00Z'))); // Wed 07:30
    expect(morning).toEqual(data('red-river'));
    const monday = generateOrgData(input('red-river', 1, new Date('2026-11-30T02:00:00Z')));
    const monAnchor = weekAnchor(new Date('2026-11-30T02:00:00Z'));
    expect(monAnchor.getTime()).toBe(+ANCHOR);
    expect(monday.jobs.filter((j) => j.status === 'COMPLETED' && t(j.completedAt) >= +ANCHOR)).toHaveLength(0);
    expect(
      monday.jobs.filter((j) => j.status === 'SCHEDULED' && t(j.windowStart) === +ANCHOR).length,
    ).toBeGreaterThanOrEqual(2);
    // this week's work does not change the plan: next week's jobs are the same in both
    const planTitles = (x: SeedData) =>
      x.jobs
        .filter((j) => t(j.windowStart) >= +ANCHOR + 7 * DAY)
        .map((j) => `${j.title} ${j.status} ${t(j.windowStart)}`);
    expect(planTitles(monday)).toEqual(planTitles(data('red-river')));
  });
});

describe('seed generator scale', () => {
  it('multiplies machines, fields and jobs by --scale', () => {
    const one = data('red-river', 1);
    const two = data('red-river', 2);
    expect(one.assets).toHaveLength(60);
    expect(one.fields).toHaveLength(150);
    expect(two.assets).toHaveLength(120);
    expect(two.fields).toHaveLength(300);
    const ratio = two.jobs.length / one.jobs.length;
    expect(ratio).toBeGreaterThan(1.8);
    expect(ratio).toBeLessThan(2.2);
    expect(new Set(two.fields.map((f) => f.name)).size).toBe(300);
    expect(new Set(two.assets.map((a) => a.serialNumber)).size).toBe(120);
  });

  it('anchors on Monday 00:00 Asia/Shanghai', () => {
    expect(ANCHOR.toISOString()).toBe('2026-11-29T16:00:00.000Z');
    // Sunday 23:30 in Shanghai still belongs to that week; Monday 00:00 starts the next one
    expect(weekAnchor(new Date('2026-12-06T15:30:00Z')).toISOString()).toBe('2026-11-29T16:00:00.000Z');
    expect(weekAnchor(new Date('2026-12-06T16:00:00Z')).toISOString()).toBe('2026-12-06T16:00:00.000Z');
  });
});
