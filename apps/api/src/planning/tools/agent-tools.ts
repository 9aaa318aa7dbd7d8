import { Injectable } from '@nestjs/common';
import { ZAssetStatus, ZMachineKind, ZOperationType } from '@amms/contracts/assets';
import { ZJob, type TJob } from '@amms/contracts/jobs';
import { z } from 'zod';
import { AssetsService } from '../../assets/assets.service.js';
import { assetScope } from '../../platform/access/asset-scope.js';
import { BookingsService } from '../../bookings/bookings.service.js';
import { FieldsService } from '../../jobs/fields.service.js';
import { JobsService } from '../../jobs/jobs.service.js';
import { MaintenancePlansService } from '../../maintenance/maintenance-plans.service.js';
import { MembersService } from '../../tenancy/members.service.js';
import { memberScope } from '../../platform/access/member-scope.js';
import { TeamsService } from '../../tenancy/teams.service.js';
import type { OrgContext } from '../../platform/access/context.js';
import { WorkCalendarRepository, type OrgCalendar } from './work-calendar.repository.js';
import { WorldFactsRepository, type MachineWorld } from './world-facts.repository.js';
import type { BookingRef } from '../scheduler/types.js';
import type { UntrustedText } from '../../platform/untrusted.js';
import { allPages, RunReads, type AnyTool, type AgentTool } from '../../platform/tools/tool.js';
import { may, roleMay } from '../../platform/access/permission.js';

const ZRange = z.strictObject({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) });

export interface Ref {
  id: string;
  name: string;
}
export interface KnownNames {
  teams: Ref[];
  fields: Ref[];
  assets: Ref[];
  operators: Ref[];
}
export type JobFact = Pick<
  TJob,
  | 'id'
  | 'teamId'
  | 'fieldId'
  | 'fieldName'
  | 'operationType'
  | 'title'
  | 'windowStart'
  | 'windowEnd'
  | 'priority'
  | 'estimatedHours'
  | 'status'
  | 'version'
  | 'areaHa'
>;
export interface MachineFact {
  id: string;
  name: string;
  kind: 'POWER_UNIT' | 'SELF_PROPELLED' | 'IMPLEMENT';
  operationTypes: string[];
  status: 'ACTIVE' | 'IN_MAINTENANCE' | 'RETIRED';
  teamId: string | null;
  dueForMaintenance: boolean;
  /** engine hours left to its next preventive service (least over its plans); null: unknown */
  serviceDueInHours: number | null;
}
export type MachineWorldFact = MachineFact & MachineWorld;
export interface OperatorFact {
  membershipId: string;
  name: string;
  teamIds: string[];
  /** the member's own day limit, hours; null = the org's calendar alone */
  maxDailyHours: number | null;
  /** licences: code and the instant it stops being valid (null: no end) */
  qualifications: { code: string; expiresAt: string | null }[];
}
/** The booking's holder, for a clash the validator reports (a job first: a job's booking names its assignment's job). */
const bookingRef = (jobId: string | null, workOrderId: string | null): { ref?: BookingRef } =>
  jobId ? { ref: { kind: 'JOB', id: jobId } } : workOrderId ? { ref: { kind: 'WORK_ORDER', id: workOrderId } } : {};

export interface BusyFacts {
  machines: { assetId: string; startsAt: string; endsAt: string; label: string; ref?: BookingRef }[];
  operators: { membershipId: string; startsAt: string; endsAt: string; label: string; ref?: BookingRef }[];
}

export interface DueFact {
  planId: string;
  planName: string;
  assetId: string;
  assetName: string;
  status: string;
  nextDueAt: string | null;
  remainingDays: number | null;
  remainingHours: number | null;
  /** an OPEN / IN_PROGRESS (not yet closed) work order of this plan for this machine */
  openWorkOrderId: string | null;
  /** the plan's estimated service duration, hours */
  estimatedHours: number | null;
}

const ZRef = z.object({ id: z.string(), name: z.string() });
const ZKnownNames: z.ZodType<KnownNames> = z.object({
  teams: z.array(ZRef),
  fields: z.array(ZRef),
  assets: z.array(ZRef),
  operators: z.array(ZRef),
});
const ZJobFact: z.ZodType<JobFact> = ZJob.pick({
  id: true,
  teamId: true,
  fieldId: true,
  fieldName: true,
  operationType: true,
  title: true,
  windowStart: true,
  windowEnd: true,
  priority: true,
  estimatedHours: true,
  status: true,
  version: true,
  areaHa: true,
});
const ZMachineFact = z.object({
  id: z.string(),
  name: z.string(),
  kind: ZMachineKind,
  operationTypes: z.array(z.string()),
  status: ZAssetStatus,
  teamId: z.string().nullable(),
  dueForMaintenance: z.boolean(),
  serviceDueInHours: z.number().nullable(),
  ratesHaPerHour: z.record(z.string(), z.number()),
  powerKw: z.number().nullable(),
  requiredPowerKw: z.number().nullable(),
  hitchTypes: z.array(z.string()),
  requiredQualifications: z.array(z.string()),
}) as z.ZodType<MachineWorldFact>;
const ZOperatorFact: z.ZodType<OperatorFact> = z.object({
  membershipId: z.string(),
  name: z.string(),
  teamIds: z.array(z.string()),
  maxDailyHours: z.number().nullable(),
  qualifications: z.array(z.object({ code: z.string(), expiresAt: z.string().nullable() })),
});
const ZBooking = { startsAt: z.string(), endsAt: z.string(), label: z.string() };
const ZBookingRef = z.object({ kind: z.enum(['JOB', 'WORK_ORDER', 'LEAVE']), id: z.string() });
const ZBusyFacts: z.ZodType<BusyFacts> = z.object({
  machines: z.array(z.object({ assetId: z.string(), ...ZBooking, ref: ZBookingRef.optional() })),
  operators: z.array(z.object({ membershipId: z.string(), ...ZBooking, ref: ZBookingRef.optional() })),
});
const ZDueFact: z.ZodType<DueFact> = z.object({
  planId: z.string(),
  planName: z.string(),
  assetId: z.string(),
  assetName: z.string(),
  status: z.string(),
  nextDueAt: z.string().nullable(),
  remainingDays: z.number().nullable(),
  remainingHours: z.number().nullable(),
  openWorkOrderId: z.string().nullable(),
  estimatedHours: z.number().nullable(),
});

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

/**
 * The agent's read-only tools, each bound to the module services (same permission checks
 * and data scope as REST). The runner checks `permissions` against the caller's context.
 */
@Injectable()
export class AgentTools {
  readonly all: ReadonlyMap<string, AnyTool>;

  constructor(
    private readonly teams: TeamsService,
    private readonly fields: FieldsService,
    private readonly assets: AssetsService,
    private readonly members: MembersService,
    private readonly jobs: JobsService,
    private readonly bookings: BookingsService,
    private readonly maintenance: MaintenancePlansService,
    private readonly calendars: WorkCalendarRepository,
    private readonly world: WorldFactsRepository,
  ) {
    const tools: AnyTool[] = [
      this.knownNames(),
      this.listJobs(),
      this.candidateMachines(),
      this.operators(),
      this.busy(),
      this.maintenanceDue(),
    ];
    this.all = new Map(tools.map((t) => [t.name, t]));
  }

  /** The org's working calendar (day limit, break, where daylight is): settings, not a tool step. */
  workCalendar(ctx: OrgContext): Promise<OrgCalendar> {
    return this.calendars.read(ctx.organizationId);
  }

  /** Names the planner may resolve; each part only if the caller may read it. */
  private knownNames(): AgentTool<Record<string, never>, KnownNames> {
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
          may(ctx, 'team.read') ? allPages((c) => this.teams.list(ctx, 200, c)) : [],
          // one statement, ids and names only (the rows the field list's pages would give, up to allPages' 2,000)
          may(ctx, 'field.read') ? this.fields.names(ctx, KNOWN_NAMES_MAX) : [],
          may(ctx, 'asset.read') ? this.machines(ctx, reads) : [],
          may(ctx, 'member.read') ? this.eligibleOperators(ctx, reads) : [],
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
  private listJobs(): AgentTool<z.output<typeof ZListJobsInput>, JobFact[]> {
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
        const rows = await allPages((c) =>
          this.jobs.list(ctx, { limit: 200, cursor: c, status, from: i.from, to: i.to }),
        );
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
  private candidateMachines(): AgentTool<Record<string, never>, MachineWorldFact[]> {
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
        const machines = await this.machines(ctx, reads);
        // due = OVERDUE or DUE_SOON in the due list; a caller without maintenance.read sees none due
        const due = may(ctx, 'maintenance.read') ? await this.maintenance.due(ctx, { withinDays: 14 }) : { items: [] };
        const dueIds = new Set(
          due.items.filter((d) => d.status === 'OVERDUE' || d.status === 'DUE_SOON').map((d) => d.assetId),
        );
        const left = new Map<string, number>();
        for (const d of due.items)
          if (d.remainingHours !== null)
            left.set(d.assetId, Math.min(left.get(d.assetId) ?? Infinity, d.remainingHours));
        const world = await this.world.machines(
          ctx.organizationId,
          machines.map((m) => m.id),
        );
        const none: MachineWorld = {
          ratesHaPerHour: {},
          powerKw: null,
          requiredPowerKw: null,
          hitchTypes: [],
          requiredQualifications: [],
        };
        return machines.map((m) => ({
          ...m,
          dueForMaintenance: dueIds.has(m.id),
          serviceDueInHours: left.get(m.id) ?? null,
          ...(world.get(m.id) ?? none),
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

  private operators(): AgentTool<Record<string, never>, OperatorFact[]> {
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
      run: (ctx, _input, reads) => this.eligibleOperators(ctx, reads),
      render: (r, u) =>
        r
          .map(
            (o) => `${o.membershipId} ${u.wrap(o.name)}${o.maxDailyHours === null ? '' : ` ≤${o.maxDailyHours}h/day`}`,
          )
          .join('\n'),
    };
  }

  private busy(): AgentTool<z.output<typeof ZRange>, BusyFacts> {
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
          this.bookings.machineBookings(ctx.organizationId, range, undefined, assetScope(ctx)),
          this.bookings.operatorBookings(ctx.organizationId, range, undefined, memberScope(ctx)),
          this.world.leave(ctx.organizationId, range, memberScope(ctx)),
        ]);
        return {
          machines: m.map((b) => ({
            assetId: b.assetId,
            startsAt: b.startsAt.toISOString(),
            endsAt: b.endsAt.toISOString(),
            label: b.jobId ? `job ${b.jobId}` : `work order ${b.workOrderId}`,
            ...bookingRef(b.jobId, b.workOrderId),
          })),
          operators: [
            ...o.map((b) => ({
              membershipId: b.membershipId,
              startsAt: b.startsAt.toISOString(),
              endsAt: b.endsAt.toISOString(),
              label: `job ${b.jobId}`,
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

  /**
   * The due list (most urgent first), with what planning maintenance needs: how overdue, the
   * open work order of the plan × machine (if any) and the plan's estimated service hours.
   */
  private maintenanceDue(): AgentTool<{ withinDays: number }, DueFact[]> {
    return {
      name: 'maintenance_due',
      description:
        'Preventive maintenance due list (plan × machine: OVERDUE, DUE_SOON, OK) within N days, with open work orders and estimated service hours',
      input: z.strictObject({ withinDays: z.number().int().min(0).max(365).default(14) }),
      output: z.array(ZDueFact),
      permissions: ['maintenance.read'],
      scope: 'data-scope',
      writes: 'nothing',
      timeoutMs: 4000,
      run: async (ctx, i) => {
        const items = (await this.maintenance.due(ctx, { withinDays: i.withinDays })).items;
        const planIds = [...new Set(items.map((d) => d.planId))].sort();
        const plans = await Promise.all(planIds.map((id) => this.maintenance.get(ctx, id)));
        const hours = new Map(plans.map((p) => [p.id, p.estimatedHours]));
        return items.map((d) => ({
          planId: d.planId,
          planName: d.planName,
          assetId: d.assetId,
          assetName: d.assetName,
          status: d.status,
          nextDueAt: d.nextDueAt,
          remainingDays: d.remainingDays,
          remainingHours: d.remainingHours,
          openWorkOrderId: d.openWorkOrder?.id ?? null,
          estimatedHours: hours.get(d.planId) ?? null,
        }));
      },
      render: (r, u) =>
        r
          .map(
            (d) =>
              `${d.planId} ${d.assetId} ${u.wrap(d.assetName)} ${u.wrap(d.planName)} ${d.status}${d.openWorkOrderId ? ' open-order' : ''}`,
          )
          .join('\n'),
    };
  }

  /** The machines in the caller's scope, read once per run (known_names and candidate_machines both need them). */
  private machines(ctx: OrgContext, reads = new RunReads()) {
    return reads.once('machines', () => this.assets.machinesForPlanning(ctx));
  }

  /**
   * The people planning may put on a machine: ACTIVE members whose role has job.execute (the
   * assign endpoint's rule) AND who run machines (the member's flag, else only the OPERATOR
   * role): a dispatcher or owner may execute jobs by hand, but is not given a combine. Read once
   * per run (known_names and operators both need them); each caller gets its own copy.
   */
  private async eligibleOperators(ctx: OrgContext, reads = new RunReads()): Promise<OperatorFact[]> {
    const [members, profiles] = await reads.once('operators', () =>
      Promise.all([
        allPages((c) => this.members.list(ctx, { limit: 200, cursor: c, status: 'ACTIVE' })),
        this.members.planningProfiles(ctx),
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
}
