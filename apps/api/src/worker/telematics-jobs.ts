import type { Queue } from 'bullmq';
import type { SourcesRepository } from '../telematics/sources/sources.repository.js';
import type { TelematicsRepository } from '../telematics/telematics.repository.js';

const PREFIX = 'telematics-source-';

/**
 * One BullMQ job scheduler per live, enabled telematics source (`telematics-source-<id>`, every
 * pollEveryMinutes, job `telematics.poll`); schedulers of sources deleted or disabled are removed.
 * Idempotent: run at worker start, after every source change (outbox) and every few minutes.
 */
export async function syncTelematicsSchedules(
  repo: SourcesRepository,
  queue: Queue,
): Promise<{ scheduled: number; removed: number }> {
  const sources = await repo.enabledSources();
  const wanted = new Set(sources.map((s) => PREFIX + s.id));
  for (const s of sources) {
    await queue.upsertJobScheduler(
      PREFIX + s.id,
      { every: s.pollEveryMinutes * 60_000 },
      {
        name: 'telematics.poll',
        data: { organizationId: s.organizationId, sourceId: s.id },
        opts: { removeOnComplete: 100, removeOnFail: 500 },
      },
    );
  }
  let removed = 0;
  for (const s of await queue.getJobSchedulers(0, -1)) {
    const key = s.key;
    if (key.startsWith(PREFIX) && !wanted.has(key)) {
      await queue.removeJobScheduler(key);
      removed++;
    }
  }
  return { scheduled: sources.length, removed };
}

/** Deletes positions older than the retention (0: keep for ever), in slices (short transactions). */
export async function prunePositions(repo: TelematicsRepository, retentionDays: number): Promise<{ deleted: number }> {
  if (retentionDays <= 0) return { deleted: 0 };
  const before = new Date(Date.now() - retentionDays * 86_400_000);
  let deleted = 0;
  for (;;) {
    const n = await repo.prunePositions(before, 10_000);
    deleted += n;
    if (n < 10_000) return { deleted };
  }
}
