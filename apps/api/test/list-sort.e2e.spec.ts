import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZListAssetsResponse } from '@amms/contracts/assets';
import { ZListAuditEventsResponse } from '@amms/contracts/audit';
import { ZListCostDocumentsResponse } from '@amms/contracts/costs';
import { ZListDraftsResponse } from '@amms/contracts/drafts';
import { ZListFieldsResponse, ZListJobsResponse } from '@amms/contracts/jobs';
import { ZListWorkOrdersResponse, ZListWorkOrdersViewResponse } from '@amms/contracts/maintenance';
import { ZListMembersResponse } from '@amms/contracts/members';
import type { TRole } from '@amms/contracts/permissions';
import type { z } from 'zod';
import { call, createOrg, type TestOrg } from './harness.js';
import { appForFile, orgApi, tag } from './support/world.js';
import { expectError, expectStatus, loginAll } from './assertions.js';

/**
 * `?sort=` on the lists: keyset pages over (sort value, tie) with many ties in the value, both
 * directions, small pages; cursors tied to their sort; filters; scope (other orgs' rows with the
 * same values never show up). Rows are written straight to the database so the sort values,
 * and their ties, are exactly what the test says.
 */

const h = appForFile();

const { get } = orgApi(() => h);

interface World {
  org: TestOrg;
  t: Record<TRole, string>;
  fieldId: string;
  assetId: string;
  models: { power: string; implement: string; self: string };
}

async function world(label: string): Promise<World> {
  const org = await createOrg(h.db, label);
  const t = await loginAll(h.base, org);
  const mk = (kind: 'POWER_UNIT' | 'IMPLEMENT' | 'SELF_PROPELLED') =>
    h.db.machineModel.create({
      data: { organizationId: org.id, manufacturer: `Mfr-${tag()}`, name: kind, kind, operationTypes: ['TILLAGE'] },
    });
  const [power, implement, self] = await Promise.all([mk('POWER_UNIT'), mk('IMPLEMENT'), mk('SELF_PROPELLED')]);
  const field = await h.db.field.create({ data: { organizationId: org.id, name: `F-${tag()}`, areaM2: 10_000 } });
  const asset = await h.db.asset.create({
    data: { organizationId: org.id, modelId: power.id, name: `A-${tag()}`, serialNumber: `SN-${tag()}` },
  });
  return {
    org,
    t,
    fieldId: field.id,
    assetId: asset.id,
    models: { power: power.id, implement: implement.id, self: self.id },
  };
}

/** A few distinct instants, so each is shared by several rows (ties broken by id). */
const T = [
  '2027-03-01T08:00:00.000Z',
  '2027-03-02T08:00:00.000Z',
  '2027-03-03T08:00:00.000Z',
  '2027-03-04T08:00:00.000Z',
].map((s) => new Date(s));
const DAYS = ['2027-03-01', '2027-03-02', '2027-03-03'].map((s) => new Date(`${s}T00:00:00.000Z`));
const N = 13;
const PAGE = 3;
const pick = <T>(xs: readonly T[], i: number) => xs[(i * 7) % xs.length]!;

type Row = { id: string; value: number | string | null };

/** The order the API must return: value in the direction (nulls last either way), then id in the same direction. */
function expected(rows: readonly Row[], direction: 'asc' | 'desc'): string[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        if (a.value === b.value) return sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
        return a.value === null ? 1 : -1;
      }
      // strings: code-unit order, which is the database's C collation for the ASCII values used here
      if (a.value !== b.value) return sign * (a.value < b.value ? -1 : 1);
      return sign * (a.id < b.id ? -1 : 1);
    })
    .map((r) => r.id);
}

/** Every page of a list; asserts no page is over the limit, returns ids in order and the cursors seen. */
async function walk<S extends z.ZodType<{ items: { id: string }[]; nextCursor: string | null }>>(
  token: string,
  org: string,
  path: string,
  schema: S,
) {
  const ids: string[] = [];
  const cursors: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const sep = path.includes('?') ? '&' : '?';
    const r = await get(token, org, `${path}${sep}limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`);
    expectStatus(r, 200);
    const page = schema.parse(r.body);
    expect(page.items.length).toBeLessThanOrEqual(PAGE);
    ids.push(...page.items.map((x) => x.id));
    cursor = page.nextCursor;
    if (!cursor) return { ids, cursors };
    cursors.push(cursor);
  }
  throw new Error('too many pages');
}

async function expectSorted<S extends z.ZodType<{ items: { id: string }[]; nextCursor: string | null }>>(
  token: string,
  org: string,
  list: string,
  schema: S,
  sort: string,
  rows: readonly Row[],
) {
  const { ids, cursors } = await walk(token, org, `${list}${list.includes('?') ? '&' : '?'}sort=${sort}`, schema);
  expect(new Set(ids).size, 'a row repeated across pages').toBe(ids.length);
  expect(ids, `order of ${list} sort=${sort}`).toEqual(expected(rows, sort.startsWith('-') ? 'desc' : 'asc'));
  expect(cursors.length).toBeGreaterThanOrEqual(Math.floor((rows.length - 1) / PAGE));
  return cursors;
}

const ms = (d: Date) => d.getTime();

type ListSchema = z.ZodType<{ items: { id: string }[]; nextCursor: string | null }>;

/** One list as one caller sees it: `sorted` checks one sort, `bothWays` the sort and its reverse. */
function sortsOf(token: string, org: string, list: string, schema: ListSchema) {
  const sorted = (sort: string, rows: readonly Row[]) => expectSorted(token, org, list, schema, sort, rows);
  return {
    sorted,
    async bothWays<R extends { id: string }>(sort: string, rows: readonly R[], value: (r: R) => Row['value']) {
      for (const s of [sort, `-${sort}`])
        await sorted(
          s,
          rows.map((r) => ({ id: r.id, value: value(r) })),
        );
    },
  };
}

describe('GET /jobs?sort=', () => {
  it('windowStart and createdAt, both directions, over pages with ties; only my org', async () => {
    const w = await world('sort-jobs');
    const other = await world('sort-jobs-other');
    const rows: { id: string; windowStart: Date; createdAt: Date }[] = [];
    for (const x of [w, other]) {
      for (let i = 0; i < N; i++) {
        const windowStart = pick(T, i);
        const createdAt = pick(T, i + 1);
        const j = await h.db.job.create({
          data: {
            organizationId: x.org.id,
            fieldId: x.fieldId,
            operationType: 'TILLAGE',
            areaM2: 1000,
            windowStart,
            windowEnd: new Date(ms(windowStart) + 3_600_000),
            estimatedHours: '1.00',
            createdAt,
          },
        });
        if (x === w) rows.push({ id: j.id, windowStart, createdAt });
      }
    }
    const list = sortsOf(w.t.VIEWER, w.org.id, '/jobs', ZListJobsResponse);
    await list.bothWays('windowStart', rows, (r) => ms(r.windowStart));
    await list.bothWays('createdAt', rows, (r) => ms(r.createdAt));

    // sort with a filter: only the jobs whose window overlaps the second day, newest first
    const day2 = rows.filter((r) => ms(r.windowStart) === ms(T[1]!));
    const filtered = await walk(
      w.t.VIEWER,
      w.org.id,
      `/jobs?sort=-windowStart&from=${T[1]!.toISOString()}&to=${T[2]!.toISOString()}`,
      ZListJobsResponse,
    );
    expect(filtered.ids).toEqual(
      expected(
        day2.map((r) => ({ id: r.id, value: 0 })),
        'desc',
      ),
    );

    // no sort: the default order (id) is unchanged
    const plain = await walk(w.t.VIEWER, w.org.id, '/jobs', ZListJobsResponse);
    expect(plain.ids).toEqual(rows.map((r) => r.id).sort());
  });

  it('a cursor belongs to its sort: another sort, no sort or a forged one → 400; an unknown sort → 400', async () => {
    const w = await world('sort-cursor');
    for (let i = 0; i < 4; i++) {
      await h.db.job.create({
        data: {
          organizationId: w.org.id,
          fieldId: w.fieldId,
          operationType: 'TILLAGE',
          areaM2: 1000,
          windowStart: T[0]!,
          windowEnd: T[1]!,
          estimatedHours: '1.00',
        },
      });
    }
    const page = async (q: string) =>
      ZListJobsResponse.parse((await get(w.t.VIEWER, w.org.id, `/jobs?limit=1&${q}`)).body).nextCursor!;
    const byWindow = await page('sort=windowStart');
    const byCreatedDesc = await page('sort=-createdAt');
    const plain = await page('');

    // the right sort continues
    expectStatus(await get(w.t.VIEWER, w.org.id, `/jobs?limit=1&sort=windowStart&cursor=${byWindow}`), 200);
    expectStatus(await get(w.t.VIEWER, w.org.id, `/jobs?limit=1&cursor=${plain}`), 200);

    const mismatch = async (q: string, says: RegExp) => {
      const r = await get(w.t.VIEWER, w.org.id, `/jobs?limit=1&${q}`);
      expectError(r, 400, 'VALIDATION_FAILED');
      const details = (r.body as { error: { details: { path: string; message: string }[] } }).error.details;
      expect(details[0]!.path).toBe('cursor');
      expect(details[0]!.message).toMatch(says);
    };
    await mismatch(`sort=-windowStart&cursor=${byWindow}`, /belongs to sort=windowStart, not sort=-windowStart/);
    await mismatch(`sort=windowStart&cursor=${byCreatedDesc}`, /belongs to sort=-createdAt/);
    await mismatch(`cursor=${byWindow}`, /belongs to sort=windowStart/);
    await mismatch(`sort=createdAt&cursor=${plain}`, /not a cursor of sort=createdAt/);
    const forge = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    await mismatch(
      `sort=windowStart&cursor=${forge({ s: 'windowStart', v: 'yesterday', t: randomUUID() })}`,
      /not a cursor this list returned/,
    );
    await mismatch(
      `sort=windowStart&cursor=${forge({ s: 'windowStart', v: null, t: randomUUID() })}`,
      /not a cursor this list returned/,
    );
    await mismatch(
      `sort=windowStart&cursor=${forge({ s: 'windowStart', v: T[0]!.toISOString(), t: 'x' })}`,
      /not a cursor this list returned/,
    );

    for (const bad of ['priority', 'windowstart', '+windowStart', '--createdAt', '']) {
      const r = await get(w.t.VIEWER, w.org.id, `/jobs?sort=${encodeURIComponent(bad)}`);
      expectError(r, 400, 'VALIDATION_FAILED');
    }
  });
});

describe('GET /work-orders', () => {
  it('sort=plannedStart puts orders without a window last in both directions; createdAt both ways', async () => {
    const w = await world('sort-wo');
    const other = await world('sort-wo-other');
    const rows: { id: string; plannedStart: Date | null; createdAt: Date }[] = [];
    for (const x of [w, other]) {
      for (let i = 0; i < N; i++) {
        const plannedStart = i % 4 === 3 ? null : pick(T, i);
        const createdAt = pick(T, i + 2);
        const wo = await h.db.workOrder.create({
          data: {
            organizationId: x.org.id,
            number: i + 1,
            assetId: x.assetId,
            type: 'PREVENTIVE',
            title: `WO ${i}`,
            plannedStart,
            plannedEnd: plannedStart ? new Date(ms(plannedStart) + 3_600_000) : null,
            createdAt,
          },
        });
        if (x === w) rows.push({ id: wo.id, plannedStart, createdAt });
      }
    }
    expect(rows.filter((r) => r.plannedStart === null).length).toBeGreaterThanOrEqual(3);
    const list = sortsOf(w.t.OWNER, w.org.id, '/work-orders', ZListWorkOrdersResponse);
    await list.bothWays('plannedStart', rows, (r) => (r.plannedStart ? ms(r.plannedStart) : null));
    await list.bothWays('createdAt', rows, (r) => ms(r.createdAt));
  });

  it('from/to: the planned window overlaps [from, to) (half-open); orders without a window never match', async () => {
    const w = await world('wo-window');
    const h8 = (day: number, hour: number) => new Date(Date.UTC(2027, 4, day, hour));
    const mk = async (n: number, start: Date | null, end: Date | null) =>
      (
        await h.db.workOrder.create({
          data: {
            organizationId: w.org.id,
            number: n,
            assetId: w.assetId,
            type: 'PREVENTIVE',
            title: `W${n}`,
            plannedStart: start,
            plannedEnd: end,
          },
        })
      ).id;
    const endsAtFrom = await mk(1, h8(1, 6), h8(1, 8)); // ends exactly at `from`: out
    const overlapsStart = await mk(2, h8(1, 7), h8(1, 9));
    const inside = await mk(3, h8(1, 10), h8(1, 11));
    const covers = await mk(4, h8(1, 0), h8(2, 0));
    const startsAtTo = await mk(5, h8(1, 12), h8(1, 14)); // starts exactly at `to`: out
    const noWindow = await mk(6, null, null);
    void endsAtFrom;
    void startsAtTo;
    void noWindow;
    const q = `from=${h8(1, 8).toISOString()}&to=${h8(1, 12).toISOString()}`;
    const r = ZListWorkOrdersResponse.parse(
      (await get(w.t.OWNER, w.org.id, `/work-orders?${q}&sort=plannedStart`)).body,
    );
    expect(r.items.map((x) => x.id)).toEqual([covers, overlapsStart, inside]);
    // only `from`: everything still open at 12:00 or later
    const onlyFrom = ZListWorkOrdersResponse.parse(
      (await get(w.t.OWNER, w.org.id, `/work-orders?from=${h8(1, 12).toISOString()}&sort=plannedStart`)).body,
    );
    expect(onlyFrom.items.map((x) => x.id)).toEqual([covers, startsAtTo]);
    expectError(
      await get(w.t.OWNER, w.org.id, `/work-orders?from=${h8(1, 12).toISOString()}&to=${h8(1, 8).toISOString()}`),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await get(w.t.OWNER, w.org.id, '/work-orders?from=tomorrow'), 400, 'VALIDATION_FAILED');
  });

  it("a sorted list keeps the caller's scope: an operator sees only the orders they reported", async () => {
    const w = await world('wo-scope');
    const mine: string[] = [];
    for (let i = 0; i < 6; i++) {
      const reporter = i % 2 === 0 ? w.org.users.OPERATOR.membershipId : w.org.users.DISPATCHER.membershipId;
      const wo = await h.db.workOrder.create({
        data: {
          organizationId: w.org.id,
          number: i + 1,
          assetId: w.assetId,
          type: 'CORRECTIVE',
          title: `F${i}`,
          reportedByMembershipId: reporter,
          createdAt: pick(T, i),
        },
      });
      if (reporter === w.org.users.OPERATOR.membershipId) mine.push(wo.id);
    }
    const { ids } = await walk(w.t.OPERATOR, w.org.id, '/work-orders?sort=-createdAt', ZListWorkOrdersViewResponse);
    expect([...ids].sort()).toEqual([...mine].sort());
    expect(ids).toHaveLength(3);
  });
});

describe('GET /cost-documents?sort=', () => {
  it('documentDate (a calendar date: many ties) and createdAt, both directions; only my org', async () => {
    const w = await world('sort-costs');
    const other = await world('sort-costs-other');
    const rows: { id: string; documentDate: Date; createdAt: Date }[] = [];
    for (const x of [w, other]) {
      for (let i = 0; i < N; i++) {
        const documentDate = pick(DAYS, i);
        const createdAt = pick(T, i + 3);
        const d = await h.db.costDocument.create({
          data: { organizationId: x.org.id, number: i + 1, category: 'FUEL', documentDate, createdAt },
        });
        if (x === w) rows.push({ id: d.id, documentDate, createdAt });
      }
    }
    const list = sortsOf(w.t.ACCOUNTANT, w.org.id, '/cost-documents', ZListCostDocumentsResponse);
    await list.bothWays('documentDate', rows, (r) => ms(r.documentDate));
    await list.bothWays('createdAt', rows, (r) => ms(r.createdAt));
    // with the date filter: the inclusive range, newest first
    const { ids } = await walk(
      w.t.ACCOUNTANT,
      w.org.id,
      '/cost-documents?sort=-documentDate&from=2027-03-02&to=2027-03-03',
      ZListCostDocumentsResponse,
    );
    expect(ids).toEqual(
      expected(
        rows.filter((r) => ms(r.documentDate) >= ms(DAYS[1]!)).map((r) => ({ id: r.id, value: ms(r.documentDate) })),
        'desc',
      ),
    );
  });
});

describe('GET /drafts?sort=', () => {
  it('createdAt both directions over pages with ties; only my org', async () => {
    const w = await world('sort-drafts');
    const other = await world('sort-drafts-other');
    const rows: Row[] = [];
    for (const x of [w, other]) {
      for (let i = 0; i < N; i++) {
        const createdAt = pick(T, i);
        const d = await h.db.draft.create({
          data: {
            organizationId: x.org.id,
            kind: 'SCHEDULE',
            title: `D${i}`,
            createdAt,
            createdByUserId: x.org.users.DISPATCHER.id,
          },
        });
        if (x === w) rows.push({ id: d.id, value: ms(createdAt) });
      }
    }
    await sortsOf(w.t.DISPATCHER, w.org.id, '/drafts', ZListDraftsResponse).bothWays('createdAt', rows, (r) => r.value);
  });
});

describe('GET /audit-events?sort=', () => {
  it('-createdAt: newest first, ties in the same millisecond by seq, newest first; seq stays the default', async () => {
    const w = await world('sort-audit');
    const other = await world('sort-audit-other');
    // the chain of a fresh org: appended directly with chosen times (several events share one)
    const rows: { id: string; seq: number; createdAt: Date }[] = [];
    for (const x of [w, other]) {
      for (let seq = 1; seq <= N; seq++) {
        const createdAt = T[Math.floor((seq - 1) / 4)]!;
        const e = await h.db.auditEvent.create({
          data: {
            chain: x.org.id,
            seq,
            organizationId: x.org.id,
            action: 'test.event',
            entityType: 'test',
            entityId: String(seq),
            actorType: 'SYSTEM',
            data: {},
            hash: `h${seq}`,
            prevHash: seq > 1 ? `h${seq - 1}` : null,
            createdAt,
          },
        });
        if (x === w) rows.push({ id: e.id, seq, createdAt });
      }
    }
    const bySeq = (ids: string[]) => ids.map((id) => rows.find((r) => r.id === id)!.seq);
    const desc = await walk(w.t.OWNER, w.org.id, '/audit-events?sort=-createdAt', ZListAuditEventsResponse);
    expect(bySeq(desc.ids)).toEqual(rows.map((r) => r.seq).reverse());
    for (const sort of ['', 'sort=seq&']) {
      const asc = await walk(w.t.OWNER, w.org.id, `/audit-events?${sort}entityType=test`, ZListAuditEventsResponse);
      expect(bySeq(asc.ids)).toEqual(rows.map((r) => r.seq));
    }
    // a chain-order cursor is not a -createdAt cursor, and the other way round
    const first = ZListAuditEventsResponse.parse((await get(w.t.OWNER, w.org.id, '/audit-events?limit=2')).body);
    expectError(
      await get(w.t.OWNER, w.org.id, `/audit-events?sort=-createdAt&cursor=${first.nextCursor}`),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await get(w.t.OWNER, w.org.id, `/audit-events?cursor=${desc.cursors[0]}`), 400, 'VALIDATION_FAILED');
    expectError(await get(w.t.OWNER, w.org.id, '/audit-events?sort=createdAt'), 400, 'VALIDATION_FAILED');
  });
});

describe('GET /assets?kind=', () => {
  it("filters by the model's kind, within my org and scope, combined with the other filters", async () => {
    const w = await world('asset-kind');
    const other = await world('asset-kind-other');
    const add = (x: World, modelId: string, name: string) =>
      h.db.asset.create({ data: { organizationId: x.org.id, modelId, name, serialNumber: `SN-${tag()}` } });
    const implA = await add(w, w.models.implement, 'Plough');
    const implB = await add(w, w.models.implement, 'Seeder');
    const self = await add(w, w.models.self, 'Combine');
    await add(other, other.models.implement, 'Other plough');
    const ids = async (q: string) =>
      ZListAssetsResponse.parse((await get(w.t.VIEWER, w.org.id, `/assets?${q}`)).body)
        .items.map((a) => a.id)
        .sort();
    expect(await ids('kind=IMPLEMENT')).toEqual([implA.id, implB.id].sort());
    expect(await ids('kind=SELF_PROPELLED')).toEqual([self.id]);
    expect(await ids('kind=POWER_UNIT')).toEqual([w.assetId]);
    expect(await ids('kind=IMPLEMENT&q=seed')).toEqual([implB.id]);
    expectError(await get(w.t.VIEWER, w.org.id, '/assets?kind=TRACTOR'), 400, 'VALIDATION_FAILED');
    // pages of a kind filter hold only that kind
    const p1 = ZListAssetsResponse.parse((await get(w.t.VIEWER, w.org.id, '/assets?kind=IMPLEMENT&limit=1')).body);
    const p2 = ZListAssetsResponse.parse(
      (await get(w.t.VIEWER, w.org.id, `/assets?kind=IMPLEMENT&limit=1&cursor=${p1.nextCursor}`)).body,
    );
    expect([...p1.items, ...p2.items].map((a) => a.id).sort()).toEqual([implA.id, implB.id].sort());
    expect(p2.nextCursor).toBeNull();
  });
});

/** A cursor of `first` used with `second` (or none: '') is refused with VALIDATION_FAILED on `cursor`. */
async function expectCursorRefused(token: string, org: string, list: string, first: string, second: string) {
  const p1 = (await get(token, org, `${list}?limit=1${first ? `&sort=${first}` : ''}`)).body as {
    nextCursor: string | null;
  };
  expect(p1.nextCursor).toBeTruthy();
  const r = await get(token, org, `${list}?limit=1${second ? `&sort=${second}` : ''}&cursor=${p1.nextCursor}`);
  expectError(r, 400, 'VALIDATION_FAILED');
  expect((r.body as { error: { details: { path: string }[] } }).error.details[0]!.path).toBe('cursor');
}

async function expectBadSorts(token: string, org: string, list: string, bad: readonly string[]) {
  for (const b of bad)
    expectError(await get(token, org, `${list}?sort=${encodeURIComponent(b)}`), 400, 'VALIDATION_FAILED');
}

/** Names shared by several rows each (ties broken by id); lower-case ASCII so every collation agrees with JS. */
const NAMES = ['nb', 'na', 'nc', 'nd'];

describe('GET /members?sort=', () => {
  it("name and email (the user's) and createdAt, both directions, over pages with ties; only my org", async () => {
    const w = await world('sort-members');
    const other = await world('sort-members-other');
    for (const x of [w, other]) {
      for (let i = 0; i < N; i++) {
        const u = await h.db.user.create({
          data: { email: `m${tag()}@sort.test`, name: pick(NAMES, i), passwordHash: 'x' },
        });
        await h.db.membership.create({
          data: { organizationId: x.org.id, userId: u.id, role: 'VIEWER', dataScope: 'ORG', createdAt: pick(T, i) },
        });
      }
    }
    // a removed member is not listed (the default status filter), sorted or not
    const gone = await h.db.user.create({ data: { email: `gone-${tag()}@sort.test`, name: 'na', passwordHash: 'x' } });
    await h.db.membership.create({
      data: { organizationId: w.org.id, userId: gone.id, role: 'VIEWER', dataScope: 'ORG', status: 'REMOVED' },
    });
    const rows = await h.db.membership.findMany({
      where: { organizationId: w.org.id, status: { not: 'REMOVED' } },
      include: { user: true },
    });
    expect(rows).toHaveLength(N + 7);
    const list = sortsOf(w.t.ADMIN, w.org.id, '/members', ZListMembersResponse);
    await list.bothWays('name', rows, (r) => r.user.name);
    await list.bothWays('email', rows, (r) => r.user.email);
    await list.bothWays('createdAt', rows, (r) => ms(r.createdAt));
    // with a filter: the search (name or email contains, any case), by name
    const { ids } = await walk(w.t.ADMIN, w.org.id, '/members?sort=-name&q=n', ZListMembersResponse);
    expect(ids).toEqual(
      expected(
        rows
          .filter((r) => `${r.user.name} ${r.user.email}`.toLowerCase().includes('n'))
          .map((r) => ({ id: r.id, value: r.user.name })),
        'desc',
      ),
    );
    // no sort: the default order (id) is unchanged
    expect((await walk(w.t.ADMIN, w.org.id, '/members', ZListMembersResponse)).ids).toEqual(
      rows.map((r) => r.id).sort(),
    );

    await expectCursorRefused(w.t.ADMIN, w.org.id, '/members', 'name', 'email');
    await expectCursorRefused(w.t.ADMIN, w.org.id, '/members', 'name', '-name');
    await expectCursorRefused(w.t.ADMIN, w.org.id, '/members', 'name', '');
    await expectCursorRefused(w.t.ADMIN, w.org.id, '/members', '', 'createdAt');
    const forged = Buffer.from(JSON.stringify({ s: 'name', v: 7, t: randomUUID() })).toString('base64url');
    expectError(await get(w.t.ADMIN, w.org.id, `/members?sort=name&cursor=${forged}`), 400, 'VALIDATION_FAILED');
    await expectBadSorts(w.t.ADMIN, w.org.id, '/members', ['role', 'user.name', 'Name', '-', 'id']);
  });
});

describe('GET /fields?sort=', () => {
  it("name, areaHa and createdAt, both directions, over pages with ties; only my org; TEAM scope sees its team's fields", async () => {
    const w = await world('sort-fields');
    const other = await world('sort-fields-other');
    const team = await h.db.team.create({ data: { organizationId: w.org.id, name: `T-${tag()}` } });
    const otherTeam = await h.db.team.create({ data: { organizationId: w.org.id, name: `U-${tag()}` } });
    await h.db.teamMember.create({
      data: { organizationId: w.org.id, teamId: team.id, membershipId: w.org.users.MECHANIC.membershipId },
    });
    const AREAS = [20_000, 10_000, 35_000];
    for (const x of [w, other]) {
      for (let i = 0; i < N; i++) {
        const teamId = x === w ? [team.id, otherTeam.id, null][i % 3]! : null;
        await h.db.field.create({
          data: {
            organizationId: x.org.id,
            teamId,
            name: `${pick(NAMES, i)}-${i}`,
            areaM2: pick(AREAS, i + 1),
            createdAt: pick(T, i + 2),
          },
        });
      }
    }
    await h.db.field.create({ data: { organizationId: w.org.id, name: 'na', areaM2: 10_000, deletedAt: new Date() } }); // deleted: never listed
    const rows = await h.db.field.findMany({ where: { organizationId: w.org.id, deletedAt: null } });
    expect(rows).toHaveLength(N + 1);
    const list = sortsOf(w.t.VIEWER, w.org.id, '/fields', ZListFieldsResponse);
    await list.bothWays('name', rows, (r) => r.name);
    await list.bothWays('areaHa', rows, (r) => r.areaM2);
    await list.bothWays('createdAt', rows, (r) => ms(r.createdAt));

    // TEAM scope (the mechanic is in `team` only): that team's fields, still in order over pages
    const mine = rows.filter((r) => r.teamId === team.id);
    expect(mine.length).toBeGreaterThan(PAGE);
    const mechanic = sortsOf(w.t.MECHANIC, w.org.id, '/fields', ZListFieldsResponse);
    await mechanic.sorted(
      'name',
      mine.map((r) => ({ id: r.id, value: r.name })),
    );
    await mechanic.sorted(
      '-areaHa',
      mine.map((r) => ({ id: r.id, value: r.areaM2 })),
    );

    await expectCursorRefused(w.t.VIEWER, w.org.id, '/fields', 'areaHa', 'name');
    await expectCursorRefused(w.t.VIEWER, w.org.id, '/fields', 'createdAt', '');
    await expectCursorRefused(w.t.VIEWER, w.org.id, '/fields', '', '-name');
    const forged = Buffer.from(JSON.stringify({ s: 'areaHa', v: 'big', t: randomUUID() })).toString('base64url');
    expectError(await get(w.t.VIEWER, w.org.id, `/fields?sort=areaHa&cursor=${forged}`), 400, 'VALIDATION_FAILED');
    await expectBadSorts(w.t.VIEWER, w.org.id, '/fields', ['areaM2', 'crop', 'name,createdAt', '']);
  });
});

describe('GET /assets?sort=', () => {
  it("name, serialNumber and createdAt, both directions, over pages with ties; only my org; TEAM scope sees its team's assets", async () => {
    const w = await world('sort-assets');
    const other = await world('sort-assets-other');
    const team = await h.db.team.create({ data: { organizationId: w.org.id, name: `T-${tag()}` } });
    await h.db.teamMember.create({
      data: { organizationId: w.org.id, teamId: team.id, membershipId: w.org.users.MECHANIC.membershipId },
    });
    for (const x of [w, other]) {
      for (let i = 0; i < N; i++) {
        const teamId = x === w && i % 2 === 0 ? team.id : null;
        await h.db.asset.create({
          data: {
            organizationId: x.org.id,
            modelId: x.models.power,
            teamId,
            name: pick(NAMES, i),
            serialNumber: `sn-${pick(NAMES, i + 1)}-${i}`,
            createdAt: pick(T, i + 3),
          },
        });
      }
    }
    const rows = await h.db.asset.findMany({ where: { organizationId: w.org.id, deletedAt: null } });
    expect(rows).toHaveLength(N + 1);
    const list = sortsOf(w.t.VIEWER, w.org.id, '/assets', ZListAssetsResponse);
    await list.bothWays('name', rows, (r) => r.name);
    await list.bothWays('serialNumber', rows, (r) => r.serialNumber);
    await list.bothWays('createdAt', rows, (r) => ms(r.createdAt));
    // with the kind filter and a search
    const { ids } = await walk(w.t.VIEWER, w.org.id, '/assets?sort=-name&kind=POWER_UNIT&q=n', ZListAssetsResponse);
    expect(ids).toEqual(
      expected(
        rows
          .filter((r) => `${r.name} ${r.serialNumber}`.toLowerCase().includes('n'))
          .map((r) => ({ id: r.id, value: r.name })),
        'desc',
      ),
    );

    const mine = rows.filter((r) => r.teamId === team.id);
    expect(mine.length).toBeGreaterThan(PAGE);
    await sortsOf(w.t.MECHANIC, w.org.id, '/assets', ZListAssetsResponse).sorted(
      'name',
      mine.map((r) => ({ id: r.id, value: r.name })),
    );

    await expectCursorRefused(w.t.VIEWER, w.org.id, '/assets', 'name', 'serialNumber');
    await expectCursorRefused(w.t.VIEWER, w.org.id, '/assets', '-createdAt', '');
    await expectCursorRefused(w.t.VIEWER, w.org.id, '/assets', '', 'name');
    await expectBadSorts(w.t.VIEWER, w.org.id, '/assets', ['status', 'plateNumber', 'model.name', '-kind']);
  });
});

describe('OpenAPI', () => {
  it('documents sort on the lists, the work-order window and the asset kind', async () => {
    const doc = (await call(h.base, 'GET', '/api/docs-json')).body;
    const params = (path: string) =>
      (
        doc.paths[`/api/v1/orgs/{orgId}${path}`].get.parameters as { name: string; schema: { enum?: string[] } }[]
      ).reduce<Record<string, { enum?: string[] }>>((m, p) => ({ ...m, [p.name]: p.schema }), {});
    expect(params('/jobs').sort?.enum).toEqual(['windowStart', '-windowStart', 'createdAt', '-createdAt']);
    expect(params('/work-orders').sort?.enum).toEqual(['plannedStart', '-plannedStart', 'createdAt', '-createdAt']);
    expect(params('/work-orders').from).toBeDefined();
    expect(params('/work-orders').to).toBeDefined();
    expect(params('/cost-documents').sort?.enum).toEqual(['documentDate', '-documentDate', 'createdAt', '-createdAt']);
    expect(params('/drafts').sort?.enum).toEqual(['createdAt', '-createdAt']);
    expect(params('/audit-events').sort?.enum).toEqual(['seq', '-createdAt']);
    expect(params('/assets').kind?.enum).toEqual(['POWER_UNIT', 'SELF_PROPELLED', 'IMPLEMENT']);
    expect(params('/assets').sort?.enum).toEqual([
      'name',
      '-name',
      'serialNumber',
      '-serialNumber',
      'createdAt',
      '-createdAt',
    ]);
    expect(params('/fields').sort?.enum).toEqual(['name', '-name', 'areaHa', '-areaHa', 'createdAt', '-createdAt']);
    expect(params('/members').sort?.enum).toEqual(['name', '-name', 'email', '-email', 'createdAt', '-createdAt']);
  });
});
