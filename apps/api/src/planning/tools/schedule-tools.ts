/** The scheduling tools: names, jobs, machines, operators and busy time, each through its module service. */
import { ZOperationType } from '@amms/contracts/assets';
import type { TJob } from '@amms/contracts/jobs';
import { z } from 'zod';
import type { AssetsService } from '../../assets/assets.service.js';
import { assetScope } from '../../platform/access/asset-scope.js';
import type { BookingsService } from '../../bookings/bookings.service.js';
import type { FieldsService } from '../../jobs/fields.service.js';
import type { JobsService } from '../../jobs/jobs.service.js';
import type { MaintenancePlansService } from '../../maintenance/maintenance-plans.service.js';
import type { MembersService } from '../../tenancy/members.service.js';
import { memberScope } from '../../platform/access/member-scope.js';
import { jobScope } from '../../platform/access/job-scope.js';
import { readsWorkOrders, workOrderScope } from '../../platform/access/maintenance-scope.js';
import type { TeamsService } from '../../tenancy/teams.service.js';
import type { MachineWorld, WorldFactsRepository } from './world-facts.repository.js';
import type { OrgContext } from '../../platform/access/context.js';
import type { UntrustedText } from '../../platform/untrusted.js';
import { allPages, RunReads, type AgentTool } from '../../platform/tools/tool.js';
import { may, roleMay } from '../../platform/access/permission.js';
import {
  bookingRef,
  ZBusyFacts,
  ZJobFact,
  ZKnownNames,
  ZMachineFact,
  ZOperatorFact,
  type BusyFacts,
  type JobFact,
  type KnownNames,
  type MachineWorldFact,
  type OperatorFact,
  type Ref,
} from './tool-facts.js';

/** The module services the tools call (with the caller's OrgContext: REST's permissions and scope). */
export interface PlanningToolDeps {
  teams: TeamsService;
  fields: FieldsService;
  assets: AssetsService;
  members: MembersService;
  jobs: JobsService;
  bookings: BookingsService;
  maintenance: MaintenancePlansService;
  world: WorldFactsRepository;
}

/** a machine whose model states no output, power, hitch or licence */
const NO_WORLD: MachineWorld = {
  ratesHaPerHour: {},
  powerKw: null,
  requiredPowerKw: null,
  hitchTypes: [],
  requiredQualifications: [],
};

const ZRange = z.strictObject({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) });

const ZListJobsInput = z.strictObject({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  operationTypes: z.array(ZOperationType).max(10).default([]),
  teamIds: z.array(z.uuid()).max(50).default([]),
  fieldIds: z.array(z.uuid()).max(50).default([]),
  minPriority: z.number().int().min(1).max(5).nullable().default(null),
  includeScheduled: z.boolean().default(false),
  /** only these jobs (re-validating an edited draft) */
  jobIds: z.array(z.uuid()).max(500).optional(),
});

/** at most this many names of a kind (what `allPages` reads at most) */
const KNOWN_NAMES_MAX = 2000;

const names = (refs: readonly Ref[], u: UntrustedText) => refs.map((r) => `${r.id}: ${u.wrap(r.name)}`).join('\n');

/** Names the planner may resolve; each part only if the caller may read it. */
export function knownNamesTool(d: PlanningToolDeps): AgentTool<Record<string, never>, KnownNames> {
  return {
    name: 'known_names',
    description:
      'Teams, fields, machines and operators (id + name) the caller can see, for resolving names in the goal',
    input: z.strictObject({}),
    output: ZKnownNames,
    permissions: ['job.read'],
    scope: 'data-scope',
    writes: 'nothing',
    timeoutMs: 3000,
    run: async (ctx, _input, reads) => {
      const [teams, fields, machines, operators] = await Promise.all([
        may(ctx, 'team.read') ? allPages((c) => d.teams.list(ctx, 200, c)) : [],
        // one statement, ids and names only (the rows the field list's pages would give, up to allPages' 2,000)
        may(ctx, 'field.read') ? d.fields.names(ctx, KNOWN_NAMES_MAX) : [],
        may(ctx, 'asset.read') ? machinesOf(d, ctx, reads) : [],
        may(ctx, 'member.read') ? eligibleOperators(d, ctx, reads) : [],
      ]);
      return {
        teams: teams.map((t) => ({ id: t.id, name: t.name })),
        fields: fields.map((f) => ({ id: f.id, name: f.name })),
        assets: machines.map((m) => ({ id: m.id, name: m.name })),
        operators: operators.map((o) => ({ id: o.membershipId, name: o.name })),
      };
    },
    render: (r, u) =>
      `teams:\n${names(r.teams, u)}\nfields:\n${names(r.fields, u)}\nmachines:\n${names(r.assets, u)}\noperators:\n${names(r.operators, u)}`,
  };
}

/** PLANNED (optionally SCHEDULED) jobs whose window overlaps [from, to), filtered by the plan's constraints. */
export function listJobsTool(d: PlanningToolDeps): AgentTool<z.output<typeof ZListJobsInput>, JobFact[]> {
  return {
    name: 'list_jobs',
    description:
      'Jobs to schedule in a period: PLANNED (and optionally SCHEDULED) jobs overlapping it, by operation types, teams, fields, minimum priority',
    input: ZListJobsInput,
    output: z.array(ZJobFact),
    permissions: ['job.read'],
    scope: 'data-scope',
    writes: 'nothing',
    timeoutMs: 4000,
    run: async (ctx, i) => {
      const status: TJob['status'][] = i.includeScheduled ? ['PLANNED', 'SCHEDULED'] : ['PLANNED'];
      const rows = await allPages((c) => d.jobs.list(ctx, { limit: 200, cursor: c, status, from: i.from, to: i.to }));
      const ops = new Set(i.operationTypes);
      const teams = new Set(i.teamIds);
      const fields = new Set(i.fieldIds);
      const ids = i.jobIds ? new Set(i.jobIds) : null;
      return rows
        .filter((j) => ops.size === 0 || ops.has(j.operationType))
        .filter((j) => teams.size === 0 || (j.teamId !== null && teams.has(j.teamId)))
        .filter((j) => fields.size === 0 || fields.has(j.fieldId))
        .filter((j) => i.minPriority === null || j.priority >= i.minPriority)
        .filter((j) => !ids || ids.has(j.id))
        .map((j) => ({
          id: j.id,
          teamId: j.teamId,
          fieldId: j.fieldId,
          fieldName: j.fieldName,
          operationType: j.operationType,
          title: j.title,
          windowStart: j.windowStart,
          windowEnd: j.windowEnd,
          priority: j.priority,
          estimatedHours: j.estimatedHours,
          status: j.status,
          version: j.version,
          areaHa: j.areaHa,
        }));
    },
    render: (r, u) =>
      r
        .map(
          (j) =>
            `${j.id} ${j.operationType} p${j.priority} ${j.estimatedHours}h ${j.windowStart}..${j.windowEnd} field ${u.wrap(j.fieldName)} ${j.title ? u.wrap(j.title) : ''}`,
        )
        .join('\n'),
  };
}

/** Machines with model kind, operation types, status, and whether preventive maintenance is due. */
export function candidateMachinesTool(d: PlanningToolDeps): AgentTool<Record<string, never>, MachineWorldFact[]> {
  return {
    name: 'candidate_machines',
    description:
      'Machines in scope with kind, operation types, status and dueForMaintenance (from the maintenance due list)',
    input: z.strictObject({}),
    output: z.array(ZMachineFact),
    permissions: ['asset.read'],
    scope: 'data-scope',
    writes: 'nothing',
    timeoutMs: 4000,
    run: async (ctx, _input, reads) => {
      const machines = await machinesOf(d, ctx, reads);
      // due = OVERDUE or DUE_SOON in the due list; a caller without maintenance.read sees none due
      const due = may(ctx, 'maintenance.read') ? await d.maintenance.due(ctx, { withinDays: 14 }) : { items: [] };
      const dueIds = new Set(
        due.items.filter((d) => d.status === 'OVERDUE' || d.status === 'DUE_SOON').map((d) => d.assetId),
      );
      const left = new Map<string, number>();
      for (const item of due.items)
        if (item.remainingHours !== null)
          left.set(item.assetId, Math.min(left.get(item.assetId) ?? Infinity, item.remainingHours));
      const world = await d.world.machines(
        ctx.organizationId,
        machines.map((m) => m.id),
      );
      return machines.map((m) => ({
        ...m,
        dueForMaintenance: dueIds.has(m.id),
        serviceDueInHours: left.get(m.id) ?? null,
        ...(world.get(m.id) ?? NO_WORLD),
      }));
    },
    render: (r, u) =>
      r
        .map(
          (m) =>
            `${m.id} ${u.wrap(m.name)} ${m.kind} [${m.operationTypes.join(',')}] ${m.status}${m.dueForMaintenance ? ' due' : ''}`,
        )
        .join('\n'),
  };
}

export function operatorsTool(d: PlanningToolDeps): AgentTool<Record<string, never>, OperatorFact[]> {
  return {
    name: 'operators',
    description:
      'Operators: active members who run machines (operator role or flag) and may execute jobs, with their teams and daily hour limits',
    input: z.strictObject({}),
    output: z.array(ZOperatorFact),
    permissions: ['member.read'],
    scope: 'data-scope',
    writes: 'nothing',
    timeoutMs: 3000,
    run: (ctx, _input, reads) => eligibleOperators(d, ctx, reads),
    render: (r, u) =>
      r
        .map((o) => `${o.membershipId} ${u.wrap(o.name)}${o.maxDailyHours === null ? '' : ` ≤${o.maxDailyHours}h/day`}`)
        .join('\n'),
  };
}

export function bookingsTool(d: PlanningToolDeps): AgentTool<z.output<typeof ZRange>, BusyFacts> {
  return {
    name: 'bookings',
    // scoped like the REST reads: machines of the caller's asset scope, operators of their member scope
    description:
      'Machine and operator busy intervals (active bookings, work orders included) overlapping [from, to), of the machines and people the caller can see',
    input: ZRange,
    output: ZBusyFacts,
    permissions: ['job.read'],
    scope: 'data-scope',
    writes: 'nothing',
    timeoutMs: 4000,
    run: async (ctx, i) => {
      const range = { startsAt: new Date(i.from), endsAt: new Date(i.to) };
      const [m, o, leave] = await Promise.all([
        d.bookings.machineBookings(ctx.organizationId, range, undefined, assetScope(ctx)),
        d.bookings.operatorBookings(ctx.organizationId, range, undefined, memberScope(ctx)),
        d.world.leave(ctx.organizationId, range, memberScope(ctx)),
      ]);
      // what holds each booking, named as the reader may see it (a dispatcher reads "西大片8号地 水稻收获", not an id)
      const labels = await d.world.bookingLabels(
        ctx.organizationId,
        {
          jobIds: [...new Set([...m.map((b) => b.jobId), ...o.map((b) => b.jobId)].filter((x) => x !== null))],
          workOrderIds: [...new Set(m.map((b) => b.workOrderId).filter((x) => x !== null))],
        },
        { jobs: jobScope(ctx), workOrders: readsWorkOrders(ctx) ? workOrderScope(ctx) : null },
      );
      return {
        machines: m.map((b) => ({
          assetId: b.assetId,
          startsAt: b.startsAt.toISOString(),
          endsAt: b.endsAt.toISOString(),
          label: b.jobId
            ? (labels.get(b.jobId) ?? `job ${b.jobId}`)
            : (labels.get(b.workOrderId ?? '') ?? `work order ${b.workOrderId}`),
          ...bookingRef(b.jobId, b.workOrderId),
        })),
        operators: [
          ...o.map((b) => ({
            membershipId: b.membershipId,
            startsAt: b.startsAt.toISOString(),
            endsAt: b.endsAt.toISOString(),
            label: labels.get(b.jobId) ?? `job ${b.jobId}`,
            ...bookingRef(b.jobId, null),
          })),
          // leave blocks a person like a booking; the validator names it ON_LEAVE
          ...leave.map((l) => ({
            membershipId: l.membershipId,
            startsAt: l.startsAt.toISOString(),
            endsAt: l.endsAt.toISOString(),
            label: 'leave',
            ref: { kind: 'LEAVE' as const, id: l.id },
          })),
        ],
      };
    },
    render: (r) =>
      [
        ...r.machines.map((b) => `machine ${b.assetId} ${b.startsAt}..${b.endsAt}`),
        ...r.operators.map((b) => `operator ${b.membershipId} ${b.startsAt}..${b.endsAt}`),
      ].join('\n'),
  };
}

/** The machines in the caller's scope, read once per run (known_names and candidate_machines both need them). */
export function machinesOf(d: PlanningToolDeps, ctx: OrgContext, reads = new RunReads()) {
  return reads.once('machines', () => d.assets.machinesForPlanning(ctx));
}

/**
 * The people planning may put on a machine: ACTIVE members whose role has job.execute (the
 * assign endpoint's rule) AND who run machines (the member's flag, else only the OPERATOR
 * role): a dispatcher or owner may execute jobs by hand, but is not given a combine. Read once
 * per run (known_names and operators both need them); each caller gets its own copy.
 */
export async function eligibleOperators(
  d: PlanningToolDeps,
  ctx: OrgContext,
  reads = new RunReads(),
): Promise<OperatorFact[]> {
  const [members, profiles] = await reads.once('operators', () =>
    Promise.all([
      allPages((c) => d.members.list(ctx, { limit: 200, cursor: c, status: 'ACTIVE' })),
      d.members.planningProfiles(ctx),
    ]),
  );
  return members.flatMap((m) => {
    const p = profiles.get(m.id);
    if (!roleMay(m.role, 'job.execute') || !p?.operatesMachines) return [];
    return [
      {
        membershipId: m.id,
        name: m.name,
        teamIds: [...m.teamIds],
        maxDailyHours: p.maxDailyHours,
        qualifications: p.qualifications,
      },
    ];
  });
}
