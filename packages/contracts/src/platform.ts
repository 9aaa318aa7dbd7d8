import { z } from 'zod';

/**
 * The platform console (platform admins only, outside any org): the organizations with their
 * usage, and the health of the running system. Usage counts rows; it never returns an org's
 * business rows themselves.
 */
export const ZPlatformOrgUsage = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  timezone: z.string(),
  createdAt: z.string(),
  /** active members */
  members: z.number().int(),
  /** machines not retired */
  machines: z.number().int(),
  /** jobs completed in the last 30 days */
  jobsCompleted30d: z.number().int(),
  /** agent runs started in the last 30 days */
  agentRuns30d: z.number().int(),
  /** the org's own manuals (not the platform library) */
  manuals: z.number().int(),
  /** bytes stored: manual versions and attachments */
  storageBytes: z.number().int(),
  /** the newest audit event of the org; null: none yet */
  lastActivityAt: z.string().nullable(),
});
export type TPlatformOrgUsage = z.infer<typeof ZPlatformOrgUsage>;

export const ZPlatformOrgsResponse = z.object({
  items: z.array(ZPlatformOrgUsage),
  /** the usage window's start (now − 30 days) */
  since: z.string(),
});
export type TPlatformOrgsResponse = z.infer<typeof ZPlatformOrgsResponse>;

const ZCheck = z.object({
  ok: z.boolean(),
  ms: z.number().int(),
  error: z.enum(['unreachable', 'timeout']).optional(),
});

export const ZPlatformHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  checkedAt: z.string(),
  checks: z.object({ postgres: ZCheck, redis: ZCheck }),
  /** background work waiting in the outbox (not yet handed to the queue) */
  outbox: z.object({
    pending: z.number().int(),
    /** pending rows that failed at least once */
    retrying: z.number().int(),
    oldestPendingAt: z.string().nullable(),
  }),
  /** manual versions by ingestion status, every org and the platform library */
  manuals: z.object({
    UPLOADED: z.number().int(),
    PROCESSING: z.number().int(),
    READY: z.number().int(),
    FAILED: z.number().int(),
  }),
  /** agent runs of the last 24 hours that failed */
  agentRunsFailed24h: z.number().int(),
  /** which optional services this deployment has set up */
  features: z.object({
    recognition: z.boolean(),
    agentPlanner: z.string(),
    knowledgeAnswerer: z.string(),
    embeddings: z.boolean(),
  }),
});
export type TPlatformHealth = z.infer<typeof ZPlatformHealth>;
