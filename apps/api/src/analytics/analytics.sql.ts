import { Prisma } from '@amms/db';
import type { AnalyticsScope } from '../platform/access/analytics-scope.js';
import type { CostGrouping, PeriodInstants } from './analytics.rows.js';

/**
 * The statements of the analytics read model as SQL fragments (Prisma's tagged templates: every
 * value a bind parameter, only constant SQL composed in code). AnalyticsRepository runs them one
 * by one for the per-machine figures, and `overviewStatement` nests them in ONE statement for the
 * overview (issue #30 §2): the same SQL text either way, so the two cannot drift apart.
 */

/** `column` (an asset id) is a machine in scope. */
export function assetInScope(organizationId: string, scope: AnalyticsScope, column: Prisma.Sql): Prisma.Sql {
  switch (scope.kind) {
    case 'ORG':
      return Prisma.sql`TRUE`;
    case 'NONE':
      return Prisma.sql`FALSE`;
    case 'TEAM':
      return Prisma.sql`${column} IN (SELECT sa.id FROM "Asset" sa WHERE sa."organizationId" = ${organizationId}::uuid AND sa."teamId" = ANY(${[...scope.teamIds]}::uuid[]))`;
  }
}

/**
 * The current assignment of job `j`: the live one (releasedAt IS NULL; at most one per job),
 * else the latest released one — a completed job may have had its assignment released.
 */
export function currentAssignmentOf(): Prisma.Sql {
  return Prisma.sql`SELECT ca.id FROM "Assignment" ca
    WHERE ca."organizationId" = j."organizationId" AND ca."jobId" = j.id
    ORDER BY (ca."releasedAt" IS NULL) DESC, ca."createdAt" DESC, ca.id DESC LIMIT 1`;
}

/** Job `j` is in scope: TEAM → a job of my teams, or one whose current assignment used a machine of my teams. */
export function jobInScope(organizationId: string, scope: AnalyticsScope): Prisma.Sql {
  switch (scope.kind) {
    case 'ORG':
      return Prisma.sql`TRUE`;
    case 'NONE':
      return Prisma.sql`FALSE`;
    case 'TEAM': {
      const teams = [...scope.teamIds];
      return Prisma.sql`(j."teamId" = ANY(${teams}::uuid[]) OR EXISTS (
          SELECT 1 FROM "AssignmentMachine" sam
          JOIN "Asset" sa ON sa.id = sam."assetId" AND sa."organizationId" = sam."organizationId"
          WHERE sam."organizationId" = ${organizationId}::uuid
            AND sam."assignmentId" = (${currentAssignmentOf()})
            AND sa."teamId" = ANY(${teams}::uuid[])))`;
    }
  }
}

/** Cost document `d` is in scope. TEAM scope: documents of a machine of my teams. */
export function costInScope(organizationId: string, scope: AnalyticsScope): Prisma.Sql {
  return scope.kind === 'TEAM'
    ? Prisma.sql`(d."assetId" IS NOT NULL AND ${assetInScope(organizationId, scope, Prisma.sql`d."assetId"`)})`
    : assetInScope(organizationId, scope, Prisma.sql`d."assetId"`);
}

type Org = string;

export const analyticsSql = {
  /** Machines in scope that existed during the period (not deleted before it started), by id. */
  machines: (org: Org, scope: AnalyticsScope, period: PeriodInstants) => Prisma.sql`
      SELECT a.id::text AS id, a.name, a."serialNumber", a.status::text AS status, a."teamId"::text AS "teamId",
             mm.kind::text AS kind
      FROM "Asset" a JOIN "MachineModel" mm ON mm.id = a."modelId"
      WHERE a."organizationId" = ${org}::uuid AND (a."deletedAt" IS NULL OR a."deletedAt" > ${period.startsAt}::timestamptz)
        AND ${scope.kind === 'TEAM' ? Prisma.sql`a."teamId" = ANY(${[...scope.teamIds]}::uuid[])` : scope.kind === 'NONE' ? Prisma.sql`FALSE` : Prisma.sql`TRUE`}
      ORDER BY a.id`,

  /** Live (not deleted) machines in scope by status. */
  fleetByStatus: (org: Org, scope: AnalyticsScope) => Prisma.sql`
      SELECT a.status::text AS status, COUNT(*)::int AS n
      FROM "Asset" a
      WHERE a."organizationId" = ${org}::uuid AND a."deletedAt" IS NULL
        AND ${assetInScope(org, scope, Prisma.sql`a.id`)}
      GROUP BY a.status`,

  /**
   * Productive hours per machine: COMPLETED jobs with completedAt in the period, credited to
   * every machine (primary and implements) of the job's current assignment.
   */
  productiveByMachine: (org: Org, scope: AnalyticsScope, period: PeriodInstants) => Prisma.sql`
      SELECT am."assetId"::text AS "assetId", COUNT(*)::int AS jobs,
             COALESCE(SUM(ROUND(COALESCE(j."actualHours", 0) * 100)), 0)::bigint AS "centiHours"
      FROM "Job" j
      -- the current assignment once per job (a LATERAL top-1), then its machines by index: as a
      -- correlated sub-select in the join condition it ran per machine row (630 of 685 ms at scale 10)
      CROSS JOIN LATERAL (${currentAssignmentOf()}) cur
      JOIN "AssignmentMachine" am ON am."organizationId" = j."organizationId" AND am."assignmentId" = cur.id
      WHERE j."organizationId" = ${org}::uuid AND j.status = 'COMPLETED'
        AND j."completedAt" >= ${period.startsAt}::timestamptz AND j."completedAt" < ${period.endsAt}::timestamptz
        AND ${assetInScope(org, scope, Prisma.sql`am."assetId"`)}
      GROUP BY am."assetId"`,

  /** COMPLETED jobs of the period by operation type: count, m² done, hours. */
  operationsByType: (org: Org, scope: AnalyticsScope, period: PeriodInstants) => Prisma.sql`
      SELECT j."operationType"::text AS "operationType", COUNT(*)::int AS jobs,
             COALESCE(SUM(COALESCE(j."areaDoneM2", 0)), 0)::bigint AS "areaM2",
             COALESCE(SUM(ROUND(COALESCE(j."actualHours", 0) * 100)), 0)::bigint AS "centiHours"
      FROM "Job" j
      WHERE j."organizationId" = ${org}::uuid AND j.status = 'COMPLETED'
        AND j."completedAt" >= ${period.startsAt}::timestamptz AND j."completedAt" < ${period.endsAt}::timestamptz
        AND ${jobInScope(org, scope)}
      GROUP BY j."operationType"`,

  /** Jobs of the period by status: COMPLETED by completedAt, CANCELLED by cancelledAt, open ones by window overlap. */
  jobsByStatus: (org: Org, scope: AnalyticsScope, { startsAt: s, endsAt: e }: PeriodInstants) => Prisma.sql`
      SELECT j.status::text AS status, COUNT(*)::int AS n
      FROM "Job" j
      WHERE j."organizationId" = ${org}::uuid
        AND ((j.status = 'COMPLETED' AND j."completedAt" >= ${s}::timestamptz AND j."completedAt" < ${e}::timestamptz)
          OR (j.status = 'CANCELLED' AND j."cancelledAt" >= ${s}::timestamptz AND j."cancelledAt" < ${e}::timestamptz)
          OR (j.status IN ('PLANNED', 'SCHEDULED', 'IN_PROGRESS') AND j."windowStart" < ${e}::timestamptz AND j."windowEnd" > ${s}::timestamptz))
        AND ${jobInScope(org, scope)}
      GROUP BY j.status`,

  /** Downtime intervals meeting the period; the end is downtimeEndedAt, else acceptance/cancellation, else null (still down). */
  downtimeIntervals: (org: Org, scope: AnalyticsScope, period: PeriodInstants) => Prisma.sql`
      SELECT w."assetId"::text AS "assetId", w."downtimeStartedAt" AS start,
             COALESCE(w."downtimeEndedAt", w."acceptedAt", w."cancelledAt") AS "end"
      FROM "WorkOrder" w
      WHERE w."organizationId" = ${org}::uuid AND w."causesDowntime" AND w."downtimeStartedAt" IS NOT NULL
        AND w."downtimeStartedAt" < ${period.endsAt}::timestamptz
        AND (COALESCE(w."downtimeEndedAt", w."acceptedAt", w."cancelledAt") IS NULL
             OR COALESCE(w."downtimeEndedAt", w."acceptedAt", w."cancelledAt") > ${period.startsAt}::timestamptz)
        AND ${assetInScope(org, scope, Prisma.sql`w."assetId"`)}`,

  /** Failures: CORRECTIVE orders (not cancelled) whose downtime started (else: reported) in the period. */
  failuresByMachine: (org: Org, scope: AnalyticsScope, period: PeriodInstants) => Prisma.sql`
      SELECT w."assetId"::text AS "assetId", COUNT(*)::int AS n
      FROM "WorkOrder" w
      WHERE w."organizationId" = ${org}::uuid AND w.type = 'CORRECTIVE' AND w.status <> 'CANCELLED'
        AND COALESCE(w."downtimeStartedAt", w."createdAt") >= ${period.startsAt}::timestamptz
        AND COALESCE(w."downtimeStartedAt", w."createdAt") < ${period.endsAt}::timestamptz
        AND ${assetInScope(org, scope, Prisma.sql`w."assetId"`)}
      GROUP BY w."assetId"`,

  /** Repairs: CORRECTIVE orders CLOSED (accepted) in the period, from downtime start (else report) to acceptance. */
  repairs: (org: Org, scope: AnalyticsScope, period: PeriodInstants) => Prisma.sql`
      SELECT w."assetId"::text AS "assetId", COALESCE(w."downtimeStartedAt", w."createdAt") AS "startedAt", w."acceptedAt" AS "acceptedAt"
      FROM "WorkOrder" w
      WHERE w."organizationId" = ${org}::uuid AND w.type = 'CORRECTIVE' AND w.status = 'CLOSED'
        AND w."acceptedAt" >= ${period.startsAt}::timestamptz AND w."acceptedAt" < ${period.endsAt}::timestamptz
        AND ${assetInScope(org, scope, Prisma.sql`w."assetId"`)}`,

  /** PREVENTIVE orders due (plannedEnd) in the period, with their plan's interval in days. */
  preventiveDue: (org: Org, scope: AnalyticsScope, period: PeriodInstants) => Prisma.sql`
      SELECT w."assetId"::text AS "assetId", w.status::text AS status, w."plannedEnd" AS "plannedEnd",
             w."acceptedAt" AS "acceptedAt", p."intervalDays" AS "intervalDays"
      FROM "WorkOrder" w
      LEFT JOIN "MaintenancePlan" p ON p.id = w."planId" AND p."organizationId" = w."organizationId"
      WHERE w."organizationId" = ${org}::uuid AND w.type = 'PREVENTIVE'
        AND w."plannedEnd" >= ${period.startsAt}::timestamptz AND w."plannedEnd" < ${period.endsAt}::timestamptz
        AND ${assetInScope(org, scope, Prisma.sql`w."assetId"`)}`,

  /** Work orders now: open (OPEN, IN_PROGRESS) and awaiting acceptance. One row. */
  workOrderBacklog: (org: Org, scope: AnalyticsScope) => Prisma.sql`
      SELECT COUNT(*) FILTER (WHERE w.status IN ('OPEN', 'IN_PROGRESS'))::int AS open,
             COUNT(*) FILTER (WHERE w.status = 'AWAITING_ACCEPTANCE')::int AS "awaitingAcceptance"
      FROM "WorkOrder" w
      WHERE w."organizationId" = ${org}::uuid
        AND ${assetInScope(org, scope, Prisma.sql`w."assetId"`)}`,

  /** APPROVED, live cost documents dated in [from, to] (local calendar dates), grouped. */
  approvedCosts: (org: Org, scope: AnalyticsScope, from: string, to: string, groupBy: CostGrouping) => {
    const where = Prisma.sql`d."organizationId" = ${org}::uuid AND d.status = 'APPROVED' AND d."deletedAt" IS NULL
        AND d."documentDate" >= ${from}::date AND d."documentDate" <= ${to}::date
        AND ${costInScope(org, scope)}`;
    switch (groupBy) {
      case 'category':
        return Prisma.sql`
          SELECT d.category::text AS key, d.category::text AS label, COUNT(*)::int AS documents, COALESCE(SUM(d."totalMinor"), 0)::bigint AS "totalMinor"
          FROM "CostDocument" d WHERE ${where} GROUP BY d.category`;
      case 'month':
        return Prisma.sql`
          SELECT to_char(d."documentDate", 'YYYY-MM') AS key, to_char(d."documentDate", 'YYYY-MM') AS label,
                 COUNT(*)::int AS documents, COALESCE(SUM(d."totalMinor"), 0)::bigint AS "totalMinor"
          FROM "CostDocument" d WHERE ${where} GROUP BY 1`;
      case 'machine':
        return Prisma.sql`
          SELECT d."assetId"::text AS key, MIN(a.name) AS label, COUNT(*)::int AS documents, COALESCE(SUM(d."totalMinor"), 0)::bigint AS "totalMinor"
          FROM "CostDocument" d
          LEFT JOIN "Asset" a ON a.id = d."assetId" AND a."organizationId" = d."organizationId"
          WHERE ${where} GROUP BY d."assetId"`;
    }
  },

  /** SUBMITTED (waiting for approval) documents now, any date. One row. */
  costsAwaitingApproval: (org: Org, scope: AnalyticsScope) => Prisma.sql`
      SELECT COUNT(*)::int AS documents, COALESCE(SUM(d."totalMinor"), 0)::bigint AS "totalMinor"
      FROM "CostDocument" d
      WHERE d."organizationId" = ${org}::uuid AND d.status = 'SUBMITTED' AND d."deletedAt" IS NULL
        AND ${costInScope(org, scope)}`,
};

/**
 * The rows of `fragment` as one jsonb array, with its bigint columns as text (a JSON number
 * past 2^53 would lose digits on the way to JavaScript). Rows keep the fragment's order.
 */
export function jsonRows(fragment: Prisma.Sql, bigintColumns: readonly string[] = []): Prisma.Sql {
  const row = bigintColumns.length
    ? Prisma.sql`to_jsonb(q) || jsonb_build_object(${Prisma.join(
        bigintColumns.map((c) => Prisma.sql`${Prisma.raw(`'${c}'`)}, q.${Prisma.raw(`"${c}"`)}::text`),
      )})`
    : Prisma.sql`to_jsonb(q)`;
  return Prisma.sql`(SELECT COALESCE(jsonb_agg(${row}), '[]'::jsonb) FROM (${fragment}) q)`;
}
