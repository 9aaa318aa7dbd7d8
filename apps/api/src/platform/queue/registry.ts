import { z } from 'zod';

/**
 * Every queue and job the system knows, with its payload schema (ids only, never
 * whole entities or secrets). The worker refuses to start if a job has no handler.
 */
export const QUEUES = ['amms-housekeeping'] as const;
export type QueueName = (typeof QUEUES)[number];

export const JOBS = {
  'housekeeping.purge': {
    queue: 'amms-housekeeping',
    payload: z.object({}).strict(),
  },
} as const satisfies Record<string, { queue: QueueName; payload: z.ZodType }>;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]['payload']>;
