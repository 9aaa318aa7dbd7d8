import { AssignBatchRepository } from './assign-batch.repository.js';
import { AssignmentsBatch } from './assign-batch.service.js';
import { AssignOptionsService } from './assign-options.service.js';
import { AssignPartsService } from './assign-parts.service.js';
import { AssignmentsService } from './assignments.service.js';
import { FieldsRepository } from './fields.repository.js';
import { FieldsService } from './fields.service.js';
import { JobsRepository } from './jobs.repository.js';
import { JobsService } from './jobs.service.js';
import { JobStepsService } from './job-steps.service.js';

/** Fields, jobs and assignments: one list for the API (app.module.ts) and the worker (worker.module.ts). */
export const JOB_PROVIDERS = [
  FieldsRepository,
  FieldsService,
  JobsRepository,
  JobsService,
  JobStepsService,
  AssignmentsService,
  AssignPartsService,
  AssignOptionsService,
];
/** the worker's own: a confirmed draft's batch of assignments */
export const JOB_WORKER_PROVIDERS = [AssignBatchRepository, AssignmentsBatch];
