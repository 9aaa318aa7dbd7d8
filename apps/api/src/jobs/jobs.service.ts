import { Injectable } from '@nestjs/common';
import { haToM2, type TCreateJobRequest, type TJob, type TListJobsQuery } from '@amms/contracts/jobs';
import type { TListJobsResponse, TUpdateJobRequest } from '@amms/contracts/jobs';
import type { Prisma } from '@amms/db';
import { AuditService } from '../audit/audit.service.js';
import { diff } from '../audit/changes.js';
import { versionConflict } from '../platform/errors/app-error.js';
import { keysetList, sortSpec } from '../platform/http/list-page.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { FieldsRepository } from './fields.repository.js';
import { JobErrors } from './jobs.errors.js';
import { toJob, type JobRow } from './jobs.mappers.js';
import { JobsRepository, type JobUpdate } from './jobs.repository.js';
import { fieldScope, jobScope } from '../platform/access/job-scope.js';
import { canWriteTeam } from '../platform/access/data-scope.js';
import { loadJob, lostRace } from './jobs.state.js';
import { WebhookEvents } from '../platform/outbox/webhook-events.js';

const JOB_SORT_FIELDS = sortSpec<Prisma.JobWhereInput, Prisma.JobOrderByWithRelationInput>({
  windowStart: { type: 'date' },
  createdAt: { type: 'date' },
});

/** Jobs: create, edit, list. The execution steps live in JobStepsService, assigning in AssignmentsService. */
@Injectable()
export class JobsService {
  constructor(
    private readonly repo: JobsRepository,
    private readonly fields: FieldsRepository,
    private readonly audit: AuditService,
  ) {
    audit.registerReader('job', (ctx, id) => this.get(ctx, id));
  }

  async list(ctx: OrgContext, q: TListJobsQuery): Promise<TListJobsResponse> {
    return keysetList(
      q,
      JOB_SORT_FIELDS,
      (page) =>
        this.repo.list(ctx.organizationId, {
          ...page,
          statuses: q.status,
          fieldId: q.fieldId,
          teamId: q.teamId,
          operationType: q.operationType,
          from: q.from ? new Date(q.from) : undefined,
          to: q.to ? new Date(q.to) : undefined,
          operatorMembershipId: q.operatorMembershipId,
          assetId: q.assetId,
          machineDown: q.machineDown,
          scope: jobScope(ctx),
        }),
      toJob,
    );
  }

  async get(ctx: OrgContext, id: string): Promise<TJob> {
    return toJob(await this.load(undefined, ctx, id));
  }

  async create(ctx: OrgContext, input: TCreateJobRequest): Promise<TJob> {
    return this.repo.transaction((tx) => this.createIn(tx, ctx, input));
  }

  /** The create path inside the caller's transaction (POST /jobs and the file import). */
  async createIn(tx: Tx, ctx: OrgContext, input: TCreateJobRequest): Promise<TJob> {
    const field = await this.fields.findById(tx, ctx.organizationId, input.fieldId, fieldScope(ctx));
    // share-lock: the field cannot be deleted while this job is being added to it
    if (!field || !(await this.fields.lockLiveShared(tx, ctx.organizationId, field.id)))
      throw JobErrors.fieldNotFound('fieldId');
    const teamId = input.teamId !== undefined ? input.teamId : field.teamId;
    if (!canWriteTeam(ctx, teamId)) throw JobErrors.outOfScope('job');
    if (teamId && !(await this.fields.teamExists(tx, ctx.organizationId, teamId))) throw JobErrors.teamNotFound();
    const job = await this.repo.create(tx, ctx.organizationId, {
      teamId,
      fieldId: field.id,
      operationType: input.operationType,
      title: input.title ?? null,
      areaM2: input.areaHa !== undefined ? haToM2(input.areaHa) : field.areaM2,
      windowStart: new Date(input.windowStart),
      windowEnd: new Date(input.windowEnd),
      priority: input.priority,
      estimatedHours: input.estimatedHours.toFixed(2),
      notes: input.notes ?? null,
      status: 'PLANNED',
      createdByUserId: ctx.actorUserId,
    });
    const after = toJob(job);
    const { id: _id, version: _v, createdAt: _c, updatedAt: _u, assignment: _a, ...fields } = after;
    await this.audit.append(tx, this.audit.forCtx(ctx, 'job.created', 'job', job.id, { after: fields }));
    await WebhookEvents.emit(tx, ctx, 'job.created', job.id);
    return after;
  }

  /**
   * Edits a PLANNED or SCHEDULED job at the version the client read. A SCHEDULED job keeps
   * its assignment, so its new window must still contain the assigned slot and a new
   * operation type must still be one its machine set can do.
   */
  async update(ctx: OrgContext, id: string, input: TUpdateJobRequest): Promise<TJob> {
    return this.repo.transaction(async (tx) => {
      const current = await this.load(tx, ctx, id);
      if (current.status !== 'PLANNED' && current.status !== 'SCHEDULED') throw JobErrors.notEditable(current.status);
      if (current.version !== input.version) throw versionConflict(toJob(current));

      const data: JobUpdate = {};
      if (input.fieldId !== undefined && input.fieldId !== current.fieldId) {
        const field = await this.fields.findById(tx, ctx.organizationId, input.fieldId, fieldScope(ctx));
        if (!field || !(await this.fields.lockLiveShared(tx, ctx.organizationId, field.id)))
          throw JobErrors.fieldNotFound('fieldId');
        data.fieldId = field.id;
      }
      if (input.teamId !== undefined) {
        if (!canWriteTeam(ctx, input.teamId)) throw JobErrors.outOfScope('job');
        if (input.teamId && !(await this.fields.teamExists(tx, ctx.organizationId, input.teamId)))
          throw JobErrors.teamNotFound();
        data.teamId = input.teamId;
      }
      const windowStart = input.windowStart !== undefined ? new Date(input.windowStart) : current.windowStart;
      const windowEnd = input.windowEnd !== undefined ? new Date(input.windowEnd) : current.windowEnd;
      if (windowStart >= windowEnd) throw JobErrors.invalid('windowEnd', 'windowStart must be before windowEnd');
      // every live assignment (a split job: each part) must stay inside the new window and fit the operation
      for (const live of current.assignments) {
        if (live.startsAt < windowStart || live.endsAt > windowEnd)
          throw JobErrors.outsideWindow(live, { windowStart, windowEnd });
        if (input.operationType !== undefined && input.operationType !== current.operationType) {
          const supported = await this.repo.assignmentOperationTypes(tx, ctx.organizationId, live.id);
          if (!supported.includes(input.operationType))
            throw JobErrors.capabilityMismatch(input.operationType, supported);
        }
      }
      if (input.windowStart !== undefined) data.windowStart = windowStart;
      if (input.windowEnd !== undefined) data.windowEnd = windowEnd;
      if (input.operationType !== undefined) data.operationType = input.operationType;
      if (input.title !== undefined) data.title = input.title;
      if (input.areaHa !== undefined) data.areaM2 = haToM2(input.areaHa);
      if (input.priority !== undefined) data.priority = input.priority;
      if (input.estimatedHours !== undefined) data.estimatedHours = input.estimatedHours.toFixed(2);
      if (input.notes !== undefined) data.notes = input.notes;

      const ok = await this.repo.updateIfState(
        tx,
        ctx.organizationId,
        id,
        { statuses: [current.status], version: current.version, scope: jobScope(ctx) },
        data,
      );
      if (!ok) return lostRace(this.repo, tx, ctx.organizationId, id, current.status);
      const after = toJob(await this.load(tx, ctx, id, {}));
      await this.audit.append(tx, this.audit.forCtx(ctx, 'job.updated', 'job', id, diff(toJob(current), after)));
      return after;
    });
  }

  /** A job inside the caller's scope (another org's or out of scope → 404). */
  private load(tx: Tx | undefined, ctx: OrgContext, id: string, scope?: Prisma.JobWhereInput): Promise<JobRow> {
    return loadJob(this.repo, tx, ctx, id, scope);
  }
}
