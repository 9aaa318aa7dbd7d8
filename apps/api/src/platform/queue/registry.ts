import { z } from 'zod';
import { CACHE_RESOURCES } from '../cache/cache-keys.js';

/**
 * Every queue and job the system knows, with its payload schema (ids only, never
 * whole entities or secrets). The worker refuses to start if a job has no handler.
 */
export const QUEUES = [
  'amms-housekeeping',
  'amms-cache',
  'amms-drafts',
  'amms-knowledge',
  'amms-webhooks',
  'amms-telematics',
] as const;
export type QueueName = (typeof QUEUES)[number];

export const JOBS = {
  'housekeeping.purge': {
    queue: 'amms-housekeeping',
    payload: z.object({}).strict(),
  },
  // A cache invalidation Redis refused after a commit (or one a caller's transaction queued):
  // the worker applies it once Redis answers again. See platform/cache/cache.service.ts.
  'cache.invalidate': {
    queue: 'amms-cache',
    payload: z
      .object({
        organizationId: z.uuid().nullable(),
        resources: z.array(z.enum(CACHE_RESOURCES)),
        details: z.array(z.object({ resource: z.enum(CACHE_RESOURCES), id: z.string().min(1).max(100) }).strict()),
        platformResources: z.array(z.enum(CACHE_RESOURCES)),
      })
      .strict(),
  },
  // Execute a confirmed draft version (executions/draft-executor.ts). Ids only: the worker
  // re-reads the execution, the draft and the initiator's membership when it runs.
  'draft.execute': {
    queue: 'amms-drafts',
    payload: z.object({ organizationId: z.uuid(), executionId: z.uuid() }).strict(),
  },
  // Periodic (every few minutes): re-enqueue executions left PENDING / RUNNING and untouched
  // (a job Redis lost, a worker killed without a restart). Safe: executions are idempotent.
  'draft.resume': {
    queue: 'amms-drafts',
    payload: z.object({}).strict(),
  },
  // Read a stored manual version: text per page (OCR for image-only pages), chunks, index; READY
  // or FAILED. Idempotent and resumable (knowledge/ingest/ingestor.ts). organizationId null = platform.
  'knowledge.ingest': {
    queue: 'amms-knowledge',
    payload: z.object({ organizationId: z.uuid().nullable(), versionId: z.uuid() }).strict(),
  },
  // Periodic and at worker start: re-enqueue versions left UPLOADED / PROCESSING with an expired lease.
  'knowledge.resume': {
    queue: 'amms-knowledge',
    payload: z.object({}).strict(),
  },
  // Send one webhook delivery (integrations/webhooks): one HTTP attempt; a failed attempt writes
  // the next one as an outbox row with availableAt = now + backoff (durable in Postgres).
  'webhook.deliver': {
    queue: 'amms-webhooks',
    payload: z.object({ organizationId: z.uuid(), deliveryId: z.uuid() }).strict(),
  },
  // one domain event → the in-app notifications of the members it concerns (notifications/)
  'notification.fanout': {
    queue: 'amms-webhooks',
    payload: z.object({ organizationId: z.uuid(), eventId: z.uuid(), actorMembershipId: z.uuid().optional() }).strict(),
  },
  // a draft waiting for confirmation / an execution that failed → messages outside the app (notifications/outbound)
  'notification.outbound': {
    queue: 'amms-webhooks',
    payload: z
      .object({
        organizationId: z.uuid(),
        event: z.enum(['DRAFT_AWAITING_CONFIRMATION', 'EXECUTION_FAILED']),
        resourceId: z.uuid(),
      })
      .strict(),
  },
  // one push / e-mail / group-bot message: one attempt; a failed attempt writes the next as an outbox row (backoff)
  'notification.deliver': {
    queue: 'amms-webhooks',
    payload: z.object({ organizationId: z.uuid(), deliveryId: z.uuid() }).strict(),
  },
  // periodic: "my job starts tomorrow" in the evening, the daily digest in the morning (org local time)
  'notification.scan': {
    queue: 'amms-webhooks',
    payload: z.object({}).strict(),
  },
  // One poll cycle of a telematics source (telematics/sources/pull.service.ts), from its job scheduler.
  'telematics.poll': {
    queue: 'amms-telematics',
    payload: z.object({ organizationId: z.uuid(), sourceId: z.uuid() }).strict(),
  },
  // Sources created, changed or deleted (and every few minutes): one job scheduler per enabled source.
  'telematics.schedule': {
    queue: 'amms-telematics',
    payload: z.object({}).strict(),
  },
  // A new fault code → the agent's diagnosis (agent/fault-diagnosis.ts): a MAINTENANCE draft citing the manual's page.
  'telematics.diagnose': {
    queue: 'amms-telematics',
    payload: z.object({ organizationId: z.uuid(), faultId: z.uuid() }).strict(),
  },
  // Hourly: positions older than TELEMATICS_POSITION_RETENTION_DAYS are deleted.
  'telematics.prune': {
    queue: 'amms-telematics',
    payload: z.object({}).strict(),
  },
  // Weekly per org (its job scheduler): the agent's purchase draft on its own (worker/weekly-purchase.ts).
  'purchase.weekly': {
    queue: 'amms-drafts',
    payload: z.object({ organizationId: z.uuid() }).strict(),
  },
  // Hourly and at worker start: one weekly purchase scheduler per org.
  'purchase.schedule': {
    queue: 'amms-drafts',
    payload: z.object({}).strict(),
  },
} as const satisfies Record<string, { queue: QueueName; payload: z.ZodType }>;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]['payload']>;
