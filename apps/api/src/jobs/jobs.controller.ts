import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ZAssignBulkRequest,
  ZAssignBulkResponse,
  ZAssignJobRequest,
  ZCancelJobRequest,
  ZCompleteJobRequest,
  ZCreateJobRequest,
  ZJob,
  ZAssignOptionsResponse,
  ZListAssignmentsQuery,
  ZListAssignmentsResponse,
  ZListJobsQuery,
  ZListJobsResponse,
  ZStartJobRequest,
  ZUnassignJobRequest,
  ZUpdateJobRequest,
  type TAssignBulkRequest,
  type TAssignJobRequest,
  type TCancelJobRequest,
  type TCompleteJobRequest,
  type TCreateJobRequest,
  type TListAssignmentsQuery,
  type TListJobsQuery,
  type TStartJobRequest,
  type TUnassignJobRequest,
  type TUpdateJobRequest,
} from '@amms/contracts/jobs';
import { Ctx, RequirePermission } from '../platform/access/decorators.js';
import { ActionRoute } from '../platform/http/action-route.js';
import { Returns } from '../platform/http/returns.js';
import { Idempotent } from '../platform/idempotency/idempotency.interceptor.js';
import type { OrgContext } from '../platform/access/context.js';
import { AssignmentsService } from './assignments.service.js';
import { AssignOptionsService } from './assign-options.service.js';
import { JobsService } from './jobs.service.js';
import { JobFieldCheckService } from '../telematics/field-check/job-field-check.service.js';
import { JobStepsService } from './job-steps.service.js';
import { InvalidatesCache } from '../platform/cache/invalidates.js';

const ZIdParam = z.uuid();

@ApiTags('jobs')
@ApiBearerAuth()
@Controller('orgs/:orgId/jobs')
@InvalidatesCache('analytics', 'map')
export class JobsController {
  constructor(
    private readonly jobs: JobsService,
    private readonly steps: JobStepsService,
    private readonly assignments: AssignmentsService,
    private readonly pickers: AssignOptionsService,
    private readonly fieldCheck: JobFieldCheckService,
  ) {}

  @RequirePermission('job.read')
  @Get()
  @Returns(ZListJobsResponse)
  list(@Ctx() ctx: OrgContext, @Query({ schema: ZListJobsQuery }) q: TListJobsQuery) {
    return this.jobs.list(ctx, q);
  }

  @RequirePermission('job.write')
  @Idempotent()
  @Post()
  @Returns(ZJob, 201)
  create(@Ctx() ctx: OrgContext, @Body({ schema: ZCreateJobRequest }) body: TCreateJobRequest) {
    return this.jobs.create(ctx, body);
  }

  /** Each item is checked and written on its own; the response reports every item (HTTP 200 even when some failed). */
  @ActionRoute('assign-bulk', 'job.schedule', ZAssignBulkResponse)
  assignBulk(@Ctx() ctx: OrgContext, @Body({ schema: ZAssignBulkRequest }) body: TAssignBulkRequest) {
    return this.assignments.assignBulk(ctx, body.items);
  }

  @RequirePermission('job.read')
  @Get(':id')
  @Returns(ZJob)
  async get(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.fieldCheck.withCheck(ctx, await this.jobs.get(ctx, id));
  }

  @RequirePermission('job.write')
  @Patch(':id')
  @Returns(ZJob)
  update(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZUpdateJobRequest }) body: TUpdateJobRequest,
  ) {
    return this.jobs.update(ctx, id, body);
  }

  /** The assign dialog's pickers: machines and operators with their bookings in the job's window. */
  @RequirePermission('job.schedule')
  @Get(':id/assign-options')
  @Returns(ZAssignOptionsResponse)
  assignOptions(@Ctx() ctx: OrgContext, @Param('id', { schema: ZIdParam }) id: string) {
    return this.pickers.forJob(ctx, id);
  }

  @ActionRoute(':id/assign', 'job.schedule', ZJob)
  assign(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZAssignJobRequest }) body: TAssignJobRequest,
  ) {
    return this.assignments.assign(ctx, id, body);
  }

  @ActionRoute(':id/unassign', 'job.schedule', ZJob)
  unassign(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZUnassignJobRequest }) body: TUnassignJobRequest,
  ) {
    return this.assignments.unassign(ctx, id, body);
  }

  @ActionRoute(':id/start', 'job.execute', ZJob)
  start(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZStartJobRequest }) body: TStartJobRequest,
  ) {
    return this.steps.start(ctx, id, body);
  }

  @ActionRoute(':id/complete', 'job.execute', ZJob)
  complete(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZCompleteJobRequest }) body: TCompleteJobRequest,
  ) {
    return this.steps.complete(ctx, id, body);
  }

  @ActionRoute(':id/cancel', 'job.write', ZJob)
  cancel(
    @Ctx() ctx: OrgContext,
    @Param('id', { schema: ZIdParam }) id: string,
    @Body({ schema: ZCancelJobRequest }) body: TCancelJobRequest,
  ) {
    return this.steps.cancel(ctx, id, body);
  }
}

@ApiTags('jobs')
@ApiBearerAuth()
@Controller('orgs/:orgId/assignments')
@InvalidatesCache('analytics', 'map')
export class AssignmentsController {
  constructor(private readonly assignments: AssignmentsService) {}

  @RequirePermission('job.read')
  @Get()
  @Returns(ZListAssignmentsResponse)
  list(@Ctx() ctx: OrgContext, @Query({ schema: ZListAssignmentsQuery }) q: TListAssignmentsQuery) {
    return this.assignments.calendar(ctx, q);
  }
}
