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
 * At worker start: re-enqueue every unfinished execution. A worker killed mid-execution leaves
 * its BullMQ job active under a lock that only expires after the lock duration (and the stalled
 * check); this resumes it at once. Running an execution twice at once is safe (see DraftExecutor).
 */
export async function resumeUnfinishedExecutions(repo: ExecutionsRepository, queue: Queue): Promise<number> {
  const open = await repo.unfinished();
  const boot = Date.now();
  if (open.length) {
    await queue.addBulk(
      open.map((e) => ({
        name: 'draft.execute',
        data: { organizationId: e.organizationId, executionId: e.id } satisfies JobPayload<'draft.execute'>,
        opts: { jobId: `resume-${e.id}-${boot}`, removeOnComplete: 1000, removeOnFail: 5000, attempts: 5, backoff: { type: 'exponential', delay: 1000 } },
      })),
    );
  }
  return open.length;
}
