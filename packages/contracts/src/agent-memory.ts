import { z } from 'zod';

/**
 * The agent's long-term memory and feedback (issue 14 §2; docs/agent.md "Memory").
 * A preference is a person's standing wish, saved only when they said so ("记住：优先用二队的机器",
 * "from now on, no work on Sundays"). It names a team / machine / operator (id + the name it had
 * when saved) or an ISO weekday (1 Monday … 7 Sunday), never a fact such as a status.
 */
export const AGENT_PREFERENCE_KINDS = [
  'PREFER_TEAM',
  'PREFER_ASSET',
  'PREFER_OPERATOR',
  'AVOID_ASSET',
  'AVOID_OPERATOR',
  'AVOID_WEEKDAY',
] as const;
export const ZAgentPreferenceKind = z.enum(AGENT_PREFERENCE_KINDS);
export type TAgentPreferenceKind = z.infer<typeof ZAgentPreferenceKind>;

export const ZAgentPreference = z.object({
  id: z.uuid(),
  kind: ZAgentPreferenceKind,
  target: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  weekday: z.number().int().min(1).max(7).nullable(),
  /** the words it was saved from */
  text: z.string(),
  /** the run it was said in (null if that run is gone) */
  sourceRunId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type TAgentPreference = z.infer<typeof ZAgentPreference>;

export const ZAgentPreferenceList = z.object({ items: z.array(ZAgentPreference) });
export type TAgentPreferenceList = z.infer<typeof ZAgentPreferenceList>;

/** at most this many preferences per person and org */
export const AGENT_PREFERENCE_LIMIT = 50;

export const AGENT_FEEDBACK_RATINGS = ['UP', 'DOWN'] as const;
export const ZAgentFeedbackRequest = z.strictObject({
  rating: z.enum(AGENT_FEEDBACK_RATINGS),
  comment: z.string().trim().max(1000).optional(),
});
export type TAgentFeedbackRequest = z.infer<typeof ZAgentFeedbackRequest>;

export const ZAgentFeedback = z.object({
  runId: z.uuid(),
  rating: z.enum(AGENT_FEEDBACK_RATINGS),
  comment: z.string().nullable(),
  updatedAt: z.string(),
});
export type TAgentFeedback = z.infer<typeof ZAgentFeedback>;

/** An entity a run named or referred to (entity memory): ids and names only. */
export const ZRunEntity = z.object({
  kind: z.enum(['team', 'field', 'asset', 'operator']),
  id: z.uuid(),
  name: z.string(),
  via: z.enum(['goal', 'reference', 'draft']),
});
