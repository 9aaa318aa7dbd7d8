import type { INestApplicationContext } from '@nestjs/common';
import { Queue, Worker, UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { AppConfig } from '../platform/config/config.js';
import { IdempotencyService } from '../platform/idempotency/idempotency.service.js';
import { OutboxService, type OutboxRow } from '../platform/outbox/outbox.service.js';
import { bullConnection } from '../platform/queue/connection.js';
import { JOBS, QUEUES, type JobName, type JobPayload, type QueueName } from '../platform/queue/registry.js';
import { purgeExpired } from './housekeeping.js';
import { HousekeepingRepository } from './housekeeping.repository.js';
import { CacheService } from '../platform/cache/cache.service.js';
import { applyCacheInvalidation } from './cache-invalidate.js';
import { DraftExecutor } from '../executions/draft-executor.js';
import { ExecutionsRepository } from '../executions/executions.repository.js';
import { abandonExecution, executeDraft, RESUME_IDLE_MS, resumeUnfinishedExecutions } from './draft-execute.js';
import { Ingestor, IngestRepository } from '../knowledge/index.js';
import { ingestVersion, resumeIngestion } from './knowledge-ingest.js';
import { WebhookDeliverer } from '../integrations/webhooks/webhook-deliverer.js';
import { NotificationFanout } from '../notifications/notification-fanout.js';
import { OutboundDeliverer } from '../notifications/outbound/outbound-deliverer.js';
import { OutboundScan } from '../notifications/outbound/outbound-scan.js';
import { OutboundSources } from '../notifications/outbound/outbound-sources.js';
import { TelematicsPullService } from '../telematics/sources/pull.service.js';
import { SourcesRepository } from '../telematics/sources/sources.repository.js';
import { TelematicsRepository } from '../telematics/telematics.repository.js';
import { prunePositions, syncTelematicsSchedules } from './telematics-jobs.js';
import { FaultDiagnosis } from '../agent/fault-diagnosis.js';
import { syncWeeklyPurchaseSchedules, WeeklyPurchase } from './weekly-purchase.js';
import { WeeklyPurchaseRepository } from './weekly-purchase.repository.js';

type Handler = (payload: unknown, job: Job) => Promise<unknown>;

/**
 * What the job handlers call, resolved from the worker's module at startup: a provider missing from
 * worker.module.ts fails the start (and test/worker-module.e2e.spec.ts), not the first job that needs it.
 */
export function handlerServices(ctx: INestApplicationContext) {
  return {
    housekeeping: ctx.get(HousekeepingRepository),
    idempotency: ctx.get(IdempotencyService),
    outbox: ctx.get(OutboxService),
    cache: ctx.get(CacheService),
    executor: ctx.get(DraftExecutor),
    executions: ctx.get(ExecutionsRepository),
    ingestor: ctx.get(Ingestor),
    ingest: ctx.get(IngestRepository),
    deliverer: ctx.get(WebhookDeliverer),
    fanout: ctx.get(NotificationFanout),
    outboundSources: ctx.get(OutboundSources),
    outboundDeliverer: ctx.get(OutboundDeliverer),
    outboundScan: ctx.get(OutboundScan),
    pull: ctx.get(TelematicsPullService),
    sources: ctx.get(SourcesRepository),
    telematics: ctx.get(TelematicsRepository),
    faultDiagnosis: ctx.get(FaultDiagnosis),
    weeklyPurchase: ctx.get(WeeklyPurchase),
    weeklyPurchaseRepo: ctx.get(WeeklyPurchaseRepository),
  };
}

/**
 * The worker: relays the outbox to BullMQ and runs the job handlers. Startup fails
 * when a registered job has no handler (or a handler names an unknown job).
 */
export async function startWorker(ctx: INestApplicationContext, config: AppConfig, log: Logger) {
  const svc = handlerServices(ctx);
  const outbox = svc.outbox;

  const handlers: Record<JobName, Handler> = {
    'housekeeping.purge': async () => purgeExpired(svc.housekeeping, svc.idempotency),
    'cache.invalidate': async (payload) => applyCacheInvalidation(svc.cache, payload as JobPayload<'cache.invalidate'>),
    'draft.execute': async (payload) => executeDraft(svc.executor, payload as JobPayload<'draft.execute'>),
    'draft.resume': async () => ({
      resumed: await resumeUnfinishedExecutions(
        svc.executions,
        queues.get('amms-drafts')!,
        config.worker.jobAttempts,
        RESUME_IDLE_MS,
      ),
    }),
    'knowledge.ingest': async (payload) =>
      ingestVersion(
        svc.ingestor,
        queues.get('amms-knowledge')!,
        payload as JobPayload<'knowledge.ingest'>,
        config.worker.jobAttempts,
      ),
    'knowledge.resume': async () => ({
      resumed: await resumeIngestion(
        svc.ingest,
        queues.get('amms-knowledge')!,
        config.knowledge.ingestLeaseMs,
        config.worker.jobAttempts,
      ),
    }),
    // one HTTP attempt; retries are outbox rows written by the deliverer (never BullMQ's own retry)
    'webhook.deliver': async (payload) => {
      const p = payload as JobPayload<'webhook.deliver'>;
      return svc.deliverer.deliver(p.organizationId, p.deliveryId);
    },
    'notification.fanout': async (payload) => {
      const p = payload as JobPayload<'notification.fanout'>;
      return svc.fanout.fanout(p.organizationId, p.eventId, p.actorMembershipId);
    },
    'notification.outbound': async (payload) => {
      const p = payload as JobPayload<'notification.outbound'>;
      return svc.outboundSources.fromEvent(p.organizationId, p.event, p.resourceId);
    },
    // one attempt; retries are outbox rows written by the deliverer (like webhooks)
    'notification.deliver': async (payload) => {
      const p = payload as JobPayload<'notification.deliver'>;
      return svc.outboundDeliverer.deliver(p.organizationId, p.deliveryId);
    },
    'notification.scan': async () => svc.outboundScan.scan(),
    // one cycle; a failing source is marked FAILING with its reason (not retried by BullMQ: the next cycle is the retry)
    'telematics.poll': async (payload) => {
      const p = payload as JobPayload<'telematics.poll'>;
      return svc.pull.poll(p.organizationId, p.sourceId, { scheduled: true }).catch((e: unknown) => {
        if (e instanceof Error && (e as { code?: string }).code === 'NOT_FOUND') return { skipped: 'source deleted' };
        throw e;
      });
    },
    'telematics.schedule': async () => syncTelematicsSchedules(svc.sources, queues.get('amms-telematics')!),
    'telematics.diagnose': async (payload) => {
      const p = payload as JobPayload<'telematics.diagnose'>;
      return svc.faultDiagnosis.diagnose(p.organizationId, p.faultId);
    },
    'telematics.prune': async () => prunePositions(svc.telematics, config.telematics.positionRetentionDays),
    'purchase.weekly': async (payload) =>
      svc.weeklyPurchase.run((payload as JobPayload<'purchase.weekly'>).organizationId),
    'purchase.schedule': async () => syncWeeklyPurchaseSchedules(svc.weeklyPurchaseRepo, queues.get('amms-drafts')!),
  };
  for (const name of Object.keys(JOBS)) if (!(name in handlers)) throw new Error(`job ${name} has no handler`);
  for (const name of Object.keys(handlers)) if (!(name in JOBS)) throw new Error(`handler for unknown job ${name}`);

  const connection = bullConnection(config.redis.url);
  const queues = new Map<QueueName, Queue>(QUEUES.map((q) => [q, new Queue(q, { connection })]));
  const workers = QUEUES.map(
    (q) =>
      new Worker(
        q,
        async (job) => {
          const def = JOBS[job.name as JobName];
          if (!def) throw new UnrecoverableError(`unknown job ${job.name}`);
          const parsed = def.payload.safeParse(job.data);
          if (!parsed.success) throw new UnrecoverableError(`invalid payload for ${job.name}: ${parsed.error.message}`);
          const result = await handlers[job.name as JobName](parsed.data, job);
          log.info({ job: job.name, jobId: job.id, result }, 'job done');
          return result;
        },
        // ingestion is CPU-heavy (PDF parsing, OCR): two versions at a time per worker
        { connection, concurrency: q === 'amms-knowledge' ? 2 : 4 },
      ),
  );
  for (const w of workers) {
    w.on('failed', (job, err) => {
      log.error({ job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err }, 'job failed');
      // the last attempt of an execution: give it up properly instead of leaving it RUNNING
      if (job?.name === 'draft.execute' && job.attemptsMade >= (job.opts.attempts ?? 1)) {
        const parsed = JOBS['draft.execute'].payload.safeParse(job.data);
        if (parsed.success) {
          abandonExecution(svc.executor, parsed.data, job.attemptsMade, String(job.id))
            .then((outcome) => log.warn({ outcome }, 'execution abandoned after the last attempt'))
            .catch((e: unknown) =>
              log.error(
                { err: e, executionId: parsed.data.executionId },
                'could not abandon the execution; the periodic resume will retry it',
              ),
            );
        }
      }
      // the last attempt of an ingestion: FAILED with a reason instead of PROCESSING forever
      if (job?.name === 'knowledge.ingest' && job.attemptsMade >= (job.opts.attempts ?? 1)) {
        const parsed = JOBS['knowledge.ingest'].payload.safeParse(job.data);
        if (parsed.success) {
          ctx
            .get(Ingestor)
            .giveUp(parsed.data.versionId, job.attemptsMade)
            .then((failed) =>
              log.warn({ versionId: parsed.data.versionId, failed }, 'ingestion given up after the last attempt'),
            )
            .catch((e: unknown) =>
              log.error(
                { err: e, versionId: parsed.data.versionId },
                'could not mark the version FAILED; the periodic resume will retry it',
              ),
            );
        }
      }
    });
  }

  const resumed = await resumeUnfinishedExecutions(
    svc.executions,
    queues.get('amms-drafts')!,
    config.worker.jobAttempts,
  );
  if (resumed) log.info({ resumed }, 'unfinished executions re-enqueued');
  const ingestions = await resumeIngestion(
    svc.ingest,
    queues.get('amms-knowledge')!,
    config.knowledge.ingestLeaseMs,
    config.worker.jobAttempts,
  );
  if (ingestions) log.info({ ingestions }, 'unfinished document versions re-enqueued');
  await queues
    .get('amms-knowledge')!
    .upsertJobScheduler(
      'knowledge-resume',
      { every: config.worker.resumeEveryMs },
      { name: 'knowledge.resume', data: {} },
    );
  await queues
    .get('amms-housekeeping')!
    .upsertJobScheduler('housekeeping-hourly', { every: 3_600_000 }, { name: 'housekeeping.purge', data: {} });
  await syncTelematicsSchedules(svc.sources, queues.get('amms-telematics')!);
  await queues
    .get('amms-telematics')!
    .upsertJobScheduler('telematics-schedule', { every: 5 * 60_000 }, { name: 'telematics.schedule', data: {} });
  await queues
    .get('amms-telematics')!
    .upsertJobScheduler('telematics-prune', { every: 3_600_000 }, { name: 'telematics.prune', data: {} });
  await queues
    .get('amms-webhooks')!
    .upsertJobScheduler(
      'notification-scan',
      { every: config.notify.scanEveryMs },
      { name: 'notification.scan', data: {} },
    );
  await syncWeeklyPurchaseSchedules(svc.weeklyPurchaseRepo, queues.get('amms-drafts')!);
  await queues
    .get('amms-drafts')!
    .upsertJobScheduler('purchase-schedule', { every: 3_600_000 }, { name: 'purchase.schedule', data: {} });
  await queues
    .get('amms-drafts')!
    .upsertJobScheduler('draft-resume', { every: config.worker.resumeEveryMs }, { name: 'draft.resume', data: {} });

  const publish = async (rows: OutboxRow[]) => {
    for (const q of QUEUES) {
      const batch = rows.filter((r) => r.queue === q);
      if (batch.length)
        await queues.get(q)!.addBulk(
          batch.map((r) => ({
            name: r.name,
            data: r.payload,
            opts: {
              jobId: `outbox-${r.id}`,
              removeOnComplete: 1000,
              removeOnFail: 5000,
              attempts: config.worker.jobAttempts,
              backoff: { type: 'exponential', delay: 1000 },
            },
          })),
        );
    }
  };
  let stopping = false;
  const relay = (async () => {
    while (!stopping) {
      try {
        const n = await outbox.relayBatch(publish);
        if (n === 0) await new Promise((r) => setTimeout(r, 500));
      } catch (err) {
        log.error({ err }, 'outbox relay failed');
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
  })();

  log.info({ queues: QUEUES }, 'AMMS worker started');
  return async () => {
    stopping = true;
    await relay;
    await Promise.all(workers.map((w) => w.close()));
    await Promise.all([...queues.values()].map((q) => q.close()));
  };
}
