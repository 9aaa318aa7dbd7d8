import type { Queue } from 'bullmq';
import type { DraftExecutor } from '../executions/draft-executor.js';
import type { ExecutionsRepository } from '../executions/executions.repository.js';
import type { JobPayload } from '../platform/queue/registry.js';

/**
 * `draft.execute`: runs an execution (idempotent: a finished one returns at once, a half-done
 * one resumes after its last receipt). An unexpected throw (database away) lets BullMQ retry.
 */
export async function executeDraft(executor: DraftExecutor, payload: JobPayload<'draft.execute'>) {
  return executor.run(payload);
}

/**
 * The last BullMQ attempt of a `draft.execute` job failed: give the execution up (receipts for
 * the remaining items as they really stand, status PARTIAL / FAILED, audited) instead of leaving
 * it RUNNING. If even that fails (database away), the periodic resume picks it up later.
 */
export async function abandonExecution(
  executor: DraftExecutor,
  payload: JobPayload<'draft.execute'>,
  attempts: number,
  jobId: string,
) {
  // the error itself stays in the worker log: it may carry internals (SQL, hosts) an API client must not see
  return executor.abandon(
    payload,
    `The worker gave up after ${attempts} failed attempts; the last error is in the worker log (job ${jobId})`,
  );
}

/** Every few minutes: executions untouched for this long are re-enqueued (idempotent). */
export const RESUME_IDLE_MS = 5 * 60_000;

/**
 * At worker start: re-enqueue every unfinished execution. A worker killed mid-execution leaves
 * its BullMQ job active under a lock that only expires after the lock duration (and the stalled
 * check); this resumes it at once. Running an execution twice at once is safe (see DraftExecutor).
 */
export async function resumeUnfinishedExecutions(
  repo: ExecutionsRepository,
  queue: Queue,
  attempts: number,
  idleMs = 0,
): Promise<number> {
  const open = await repo.unfinished(500, idleMs);
  const boot = Date.now();
  if (open.length) {
    await queue.addBulk(
      open.map((e) => ({
        name: 'draft.execute',
        data: { organizationId: e.organizationId, executionId: e.id } satisfies JobPayload<'draft.execute'>,
        opts: {
          jobId: `resume-${e.id}-${boot}`,
          removeOnComplete: 1000,
          removeOnFail: 5000,
          attempts,
          backoff: { type: 'exponential', delay: 1000 },
        },
      })),
    );
  }
  return open.length;
}
