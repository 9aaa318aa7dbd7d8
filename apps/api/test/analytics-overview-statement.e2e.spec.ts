import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsRepository } from '../src/analytics/analytics.repository.js';
import { overviewPartsOneByOne } from '../src/analytics/analytics.figures.js';
import { overviewOf } from '../src/analytics/analytics.overview.js';
import type { OverviewParts } from '../src/analytics/analytics.overview-parts.js';
import { resolvePeriod, type Period } from '../src/analytics/period.js';
import type { AnalyticsScope } from '../src/platform/access/analytics-scope.js';
import { parseConfig } from '../src/platform/config/config.js';
import { PrismaService } from '../src/platform/prisma/prisma.service.js';
import { seedDemo } from '../src/seed/seed.js';
import { DEMO_ORGS } from '../src/seed/demo-data.js';
import { TEST_DATABASE_URL } from './env.js';

// Issue #30 §2: the uncached overview reads its rows in ONE statement (AnalyticsRepository.overviewParts)
// instead of 14 in a transaction. On the seeded demo (both orgs, scale 1: machines, a year of jobs,
// work orders and costs), for several periods and every data scope, the one statement answers the
// same rows as the statements one by one, and so the same overview, figure for figure.

const prisma = new PrismaService(
  parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: TEST_DATABASE_URL,
    REDIS_URL: 'redis://127.0.0.1:6379/1',
    LOG_LEVEL: 'silent',
  }),
);
const repo = new AnalyticsRepository(prisma);

afterAll(async () => {
  await prisma.client.$disconnect();
});

interface Case {
  org: string;
  slug: string;
  scope: AnalyticsScope;
  period: Period;
}
const cases: Case[] = [];

beforeAll(async () => {
  // idempotent: an org already seeded is left as it is
  await seedDemo(prisma.client, { scale: 1 });
  const now = new Date();
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  for (const o of DEMO_ORGS) {
    const org = await prisma.client.organization.findUniqueOrThrow({ where: { slug: o.slug } });
    const teams = await prisma.client.team.findMany({ where: { organizationId: org.id }, orderBy: { name: 'asc' } });
    const scopes: AnalyticsScope[] = [
      { kind: 'ORG' },
      { kind: 'TEAM', teamIds: [teams[0]!.id] },
      { kind: 'TEAM', teamIds: teams.map((t) => t.id) },
      { kind: 'NONE' },
    ];
    const periods = [
      resolvePeriod({}, org.timezone, now), // the default: this month
      resolvePeriod({ from: day(-90), to: day(0) }, org.timezone, now),
      resolvePeriod({ from: day(-330), to: day(30) }, org.timezone, now),
    ];
    for (const scope of scopes) for (const period of periods) cases.push({ org: org.id, slug: o.slug, scope, period });
  }
}, 600_000);

/** Parts whose rows come in no defined order (GROUP BY), sorted; machines keep their id order. */
function canonical(p: OverviewParts): OverviewParts {
  const text = (x: unknown) =>
    JSON.stringify(
      Object.entries(x as object).sort(([a], [b]) => a.localeCompare(b)),
      big,
    );
  const sorted = <T>(xs: T[]) => [...xs].sort((a, b) => text(a).localeCompare(text(b)));
  return {
    ...p,
    productive: sorted(p.productive),
    downtime: sorted(p.downtime),
    failures: sorted(p.failures),
    repairs: sorted(p.repairs),
    preventive: sorted(p.preventive),
    operations: sorted(p.operations),
    statuses: sorted(p.statuses),
    jobs: sorted(p.jobs),
    costs: sorted(p.costs),
  };
}
const big = (_k: string, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v);

describe('the overview in one statement', () => {
  it('reads the same rows as the statements one by one, and so the same overview (both demo orgs, 4 scopes, 3 periods)', async () => {
    expect(cases.length).toBe(DEMO_ORGS.length * 12);
    let rowsCompared = 0;
    for (const c of cases) {
      const label = `${c.slug} ${c.scope.kind} ${c.period.from}..${c.period.to}`;
      const one = await repo.overviewParts(c.org, c.scope, c.period);
      const byOne = await overviewPartsOneByOne(repo, c.org, c.scope, c.period);
      expect(canonical(one), label).toEqual(canonical(byOne));
      const now = new Date();
      expect(overviewOf(one, c.period, now), label).toEqual(overviewOf(byOne, c.period, now));
      rowsCompared += Object.values(one).reduce((n, v) => n + (Array.isArray(v) ? v.length : 1), 0);
    }
    // the seeded data is not empty: the comparison covered real rows of every kind
    const wide = cases.find((c) => c.scope.kind === 'ORG' && c.period.days > 300)!;
    const parts = await repo.overviewParts(wide.org, wide.scope, wide.period);
    for (const part of [
      'machines',
      'productive',
      'downtime',
      'failures',
      'repairs',
      'preventive',
      'operations',
      'jobs',
      'costs',
    ] as const)
      expect(parts[part].length, part).toBeGreaterThan(0);
    expect(rowsCompared).toBeGreaterThan(500);
  }, 300_000);

  it("the machines statement lists what Prisma's findMany listed (id order, deleted before the period left out)", async () => {
    for (const c of cases.filter((x) => x.scope.kind !== 'NONE')) {
      const sql = await repo.listMachines(c.org, c.scope, c.period);
      const rows = await prisma.client.asset.findMany({
        where: {
          organizationId: c.org,
          ...(c.scope.kind === 'TEAM' ? { teamId: { in: [...c.scope.teamIds] } } : {}),
          OR: [{ deletedAt: null }, { deletedAt: { gt: c.period.startsAt } }],
        },
        select: {
          id: true,
          name: true,
          serialNumber: true,
          status: true,
          teamId: true,
          model: { select: { kind: true } },
        },
        orderBy: { id: 'asc' },
      });
      expect(sql).toEqual(rows.map(({ model, ...a }) => ({ ...a, kind: model.kind })));
    }
  });
});
