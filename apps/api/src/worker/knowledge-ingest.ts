import type { Queue } from 'bullmq';
import type { Ingestor, IngestRepository } from '../knowledge/index.js';
import type { JobPayload } from '../platform/queue/registry.js';

const jobOpts = (attempts: number) => ({
  removeOnComplete: 1000,
  removeOnFail: 5000,
  attempts,
  backoff: { type: 'exponential', delay: 2000 },
});

/**
 * `knowledge.ingest`: reads one version (knowledge/ingest/ingestor.ts). When another worker holds
 * the version's lease (or a crashed one still does), a delayed retry is queued for when the lease
 * runs out, so a crashed ingestion always resumes.
 */
export async function ingestVersion(
  ingestor: Ingestor,
  queue: Queue,
  payload: JobPayload<'knowledge.ingest'>,
  attempts: number,
) {
  const result = await ingestor.run(payload.versionId);
  if (result.outcome === 'BUSY') {
    await queue.add('knowledge.ingest', payload, {
      ...jobOpts(attempts),
      delay: result.retryInMs,
      jobId: `lease-${payload.versionId}-${Date.now()}`,
    });
  }
  return result;
}

/** At worker start and every few minutes: versions waiting or left under an expired lease are queued again (idempotent). */
export async function resumeIngestion(
  repo: IngestRepository,
  queue: Queue,
  leaseMs: number,
  attempts: number,
): Promise<number> {
  const open = await repo.unfinished(leaseMs);
  const boot = Date.now();
  if (open.length) {
    await queue.addBulk(
      open.map((v) => ({
        name: 'knowledge.ingest',
        data: { organizationId: v.organizationId, versionId: v.id } satisfies JobPayload<'knowledge.ingest'>,
        opts: { ...jobOpts(attempts), jobId: `resume-${v.id}-${boot}` },
      })),
    );
  }
  return open.length;
}
