import { canTransition, JOB_STATUSES, type TJobStatus } from '@amms/contracts/jobs';
import { versionConflict } from '../platform/errors/app-error.js';
import type { Prisma } from '@amms/db';
import type { OrgContext } from '../platform/access/context.js';
import { jobScope } from '../platform/access/job-scope.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { JobErrors } from './jobs.errors.js';
import { toJob, type JobRow } from './jobs.mappers.js';
import type { JobsRepository } from './jobs.repository.js';

/** The statuses a job may be in to move to `to` (the expected-status part of the conditional write). */
export function sourcesOf(to: TJobStatus): TJobStatus[] {
  return JOB_STATUSES.filter((from) => canTransition(from, to));
}

/** Refuse early, before any write, when the job's current status cannot move to `to`. */
export function assertCanMove(job: JobRow, to: TJobStatus, clientVersion?: number): void {
  if (!canTransition(job.status, to)) throw JobErrors.invalidTransition(job.status, to);
  if (clientVersion !== undefined && clientVersion !== job.version) throw versionConflict(toJob(job));
}

/**
 * The conditional write matched no row: the job changed after we read it. Say what it is
 * now: gone → 404, no longer in a status that allows the move → INVALID_TRANSITION,
 * otherwise (same status, other version) → VERSION_CONFLICT with the current job.
 */
export async function lostRace(
  repo: JobsRepository,
  tx: Tx,
  organizationId: string,
  id: string,
  to: TJobStatus,
): Promise<never> {
  const now = await repo.findById(tx, organizationId, id, {});
  if (!now) throw JobErrors.jobNotFound();
  if (!canTransition(now.status, to)) throw JobErrors.invalidTransition(now.status, to);
  throw versionConflict(toJob(now));
}

/** The live assignment's main machine (null: not assigned). */
export const primaryOf = (job: JobRow): string | null =>
  job.assignments[0]?.machines.find((m) => m.role === 'PRIMARY')?.assetId ?? null;

/** A job inside the caller's scope (another org's or out of scope → 404); `scope` {} reads past it. */
export async function loadJob(
  repo: JobsRepository,
  tx: Tx | undefined,
  ctx: OrgContext,
  id: string,
  scope: Prisma.JobWhereInput = jobScope(ctx),
): Promise<JobRow> {
  const j = await repo.findById(tx, ctx.organizationId, id, scope);
  if (!j) throw JobErrors.jobNotFound();
  return j;
}
