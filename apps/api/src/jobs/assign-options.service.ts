import { Injectable } from '@nestjs/common';
import type { TAssignOptionsResponse, TBusySpan } from '@amms/contracts/jobs';
import { BookingsRepository } from '../bookings/bookings.repository.js';
import { assetScope } from '../platform/access/asset-scope.js';
import { memberScope } from '../platform/access/member-scope.js';
import type { OrgContext } from '../platform/access/context.js';
import { JobsRepository } from './jobs.repository.js';
import { jobScope } from '../platform/access/job-scope.js';
import { JobErrors } from './jobs.errors.js';
import { rolesThatMay } from '../platform/access/permission.js';

/** A picker lists at most this many machines and operators. */
const PICKER_LIMIT = 2000;
/** Bookings are read for at most this long a window (a job window is days, rarely weeks). */
const MAX_RANGE_MS = 93 * 86_400_000;
const RUNNERS = rolesThatMay('job.execute');

type Span = {
  startsAt: Date;
  endsAt: Date;
  kind: 'JOB' | 'WORK_ORDER';
  jobId: string | null;
  workOrderId: string | null;
  assignmentId: string | null;
};

/**
 * What the assign dialog needs to show who and what is free: the machines the caller may book
 * (with capability for the job's operation) and the members who may run it (with their teams),
 * each with its bookings in the job's window. The job's own live assignment does not count as
 * busy (re-assigning keeps its slot available). Decisions stay with the assign call, which
 * re-checks everything under locks; this is information.
 */
@Injectable()
export class AssignOptionsService {
  constructor(
    private readonly repo: JobsRepository,
    private readonly bookings: BookingsRepository,
  ) {}

  async forJob(ctx: OrgContext, jobId: string): Promise<TAssignOptionsResponse> {
    const job = await this.repo.findById(undefined, ctx.organizationId, jobId, jobScope(ctx));
    if (!job) throw JobErrors.jobNotFound();
    const from = job.windowStart;
    const to = new Date(Math.min(job.windowEnd.getTime(), from.getTime() + MAX_RANGE_MS));
    const range = { startsAt: from, endsAt: to };
    const own = job.assignments[0]?.id ?? null;

    const [assets, members] = await Promise.all([
      this.repo.pickerAssets(ctx.organizationId, assetScope(ctx), PICKER_LIMIT + 1),
      this.repo.pickerOperators(ctx.organizationId, RUNNERS, memberScope(ctx), PICKER_LIMIT + 1),
    ]);
    const shownAssets = assets.slice(0, PICKER_LIMIT);
    const shownMembers = members.slice(0, PICKER_LIMIT);
    const [machineBusy, operatorBusy] = await Promise.all([
      this.bookings.machineOverlaps(
        undefined,
        ctx.organizationId,
        shownAssets.map((a) => a.id),
        range,
      ),
      this.bookings.operatorOverlaps(
        undefined,
        ctx.organizationId,
        shownMembers.map((m) => m.id),
        range,
      ),
    ]);
    const byAsset = group(
      machineBusy.map((b) => ({
        key: b.assetId,
        span: { ...b, kind: b.workOrderId ? ('WORK_ORDER' as const) : ('JOB' as const) },
      })),
      own,
    );
    const byMember = group(
      operatorBusy.map((b) => ({ key: b.membershipId, span: { ...b, kind: 'JOB' as const, workOrderId: null } })),
      own,
    );

    return {
      from: from.toISOString(),
      to: to.toISOString(),
      machines: shownAssets.map((a) => ({
        id: a.id,
        name: a.name,
        status: a.status,
        kind: a.model.kind,
        modelName: a.model.name,
        capable: a.model.operationTypes.includes(job.operationType),
        teamId: a.teamId,
        busy: byAsset.get(a.id) ?? [],
      })),
      operators: shownMembers.map((m) => ({
        membershipId: m.id,
        name: m.user.name,
        teams: m.teams.map((t) => ({ id: t.team.id, name: t.team.name })).sort((a, b) => a.name.localeCompare(b.name)),
        busy: byMember.get(m.id) ?? [],
      })),
      truncated: assets.length > PICKER_LIMIT || members.length > PICKER_LIMIT,
    };
  }
}

function group(rows: { key: string; span: Span }[], ownAssignmentId: string | null): Map<string, TBusySpan[]> {
  const out = new Map<string, TBusySpan[]>();
  for (const { key, span } of rows) {
    if (ownAssignmentId && span.assignmentId === ownAssignmentId) continue;
    const list = out.get(key) ?? [];
    list.push({
      startsAt: span.startsAt.toISOString(),
      endsAt: span.endsAt.toISOString(),
      kind: span.kind,
      jobId: span.jobId,
      workOrderId: span.workOrderId,
    });
    out.set(key, list);
  }
  return out;
}
