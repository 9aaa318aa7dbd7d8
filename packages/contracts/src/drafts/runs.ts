import { z } from 'zod';
import { ZRunEntity } from '../agent-memory.js';
import { ZAgentAnswer, ZAgentIntent, ZPlanConstraints } from '../agent.js';
import { ZDraftContent } from './content.js';

// ---------------------------------------------------------------------------
// Agent runs
// ---------------------------------------------------------------------------

export const ZCreateRunRequest = z.strictObject({
  goal: z.string().trim().min(1).max(2000),
  conversationId: z.uuid().optional(),
});
export type TCreateRunRequest = z.infer<typeof ZCreateRunRequest>;

/** One step of a run: the plan, a tool call, the schedule, or a plain message. */
export const ZRunStep = z.object({
  step: z.number().int(),
  kind: z.enum(['plan', 'tool', 'schedule', 'message']),
  tool: z.string().optional(),
  args: z.unknown().optional(),
  durationMs: z.number().optional(),
  /** bytes of the tool's result (JSON) */
  resultSize: z.number().int().optional(),
  /** how many records the tool returned (rows of its lists), when it returns lists */
  resultCount: z.number().int().optional(),
  ok: z.boolean().optional(),
  error: z.string().optional(),
  message: z.string().optional(),
});
export type TRunStep = z.infer<typeof ZRunStep>;

export const ZRunDraft = z.object({
  id: z.uuid(),
  version: z.number().int(),
  contentHash: z.string(),
  ...ZDraftContent.shape,
});

const ZEditSide = z.object({
  machine: z.string().nullable(),
  operator: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
});
/**
 * A follow-up that edited the conversation's current draft: the version it made (through the
 * draft edit path and its validation) and what changed, item by item.
 */
export const ZRunEdit = z.object({
  draftId: z.uuid(),
  basedOnVersion: z.number().int(),
  version: z.number().int(),
  diff: z.object({ added: z.array(z.uuid()), removed: z.array(z.uuid()), changed: z.array(z.uuid()) }),
  changes: z.array(
    z.object({
      jobId: z.uuid(),
      title: z.string().nullable(),
      fieldName: z.string().nullable(),
      before: ZEditSide,
      after: ZEditSide,
    }),
  ),
  /** hard violations of the new version (it cannot be confirmed until they are fixed) */
  violations: z.number().int(),
});
export type TRunEdit = z.infer<typeof ZRunEdit>;

/**
 * A leave said on its own (RECORD_LEAVE): the LEAVE draft (the run's `draftId`) and, when the
 * people had live bookings on those days, the SCHEDULE draft that gives them to others.
 */
export const ZRunLeave = z.object({
  leave: z.array(z.object({ membershipId: z.uuid(), name: z.string(), from: z.string(), to: z.string() })),
  /** the re-plan draft; null: nothing of theirs was booked then */
  replanDraftId: z.uuid().nullable(),
  /** their live bookings in the leave, and how many of them the re-plan gives to someone else */
  bookings: z.number().int(),
  moved: z.number().int(),
});
export type TRunLeave = z.infer<typeof ZRunLeave>;

export const ZAgentRunStatus = z.enum(['RUNNING', 'COMPLETED', 'NEEDS_INPUT', 'FAILED']);

export const ZAgentRun = z.object({
  id: z.uuid(),
  conversationId: z.uuid().nullable(),
  goal: z.string(),
  planner: z.string(),
  status: ZAgentRunStatus,
  /** what the goal asked for (SCHEDULE_JOBS / PLAN_MAINTENANCE also in `constraints`; null while the run is RUNNING) */
  intent: ZAgentIntent.nullable(),
  constraints: ZPlanConstraints.nullable(),
  question: z.string().nullable(),
  /** a plain-words outcome (e.g. "no planned jobs in the period") */
  message: z.string().nullable(),
  steps: z.array(ZRunStep),
  error: z.string().nullable(),
  draftId: z.uuid().nullable(),
  draft: ZRunDraft.nullable(),
  /** ASK_MANUAL / BUSINESS_QUESTION answers and a diagnosis' summary (null for a plain schedule run) */
  answer: ZAgentAnswer.nullable(),
  /** EDIT_DRAFT: the new version of the conversation's draft and its changes */
  edit: ZRunEdit.nullable().optional(),
  /** RECORD_LEAVE: the leave drafted and the re-plan of their bookings */
  leave: ZRunLeave.nullable().optional(),
  /** entity memory: what this run's goal named or referred to (agent-memory.ts) */
  entities: z.array(ZRunEntity).optional(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TAgentRun = z.infer<typeof ZAgentRun>;

/**
 * The memory the next run of a conversation gets (token-budgeted): the newest turns verbatim
 * (goal clipped) and a summary folding the older ones. Only goals and run outcomes, never facts
 * such as machine status (those always come from the run's tools).
 */
export const ZConversationMemory = z.object({
  tokenBudget: z.number().int(),
  windowTokens: z.number().int(),
  window: z.array(
    z.object({
      runId: z.uuid(),
      goal: z.string(),
      status: ZAgentRunStatus,
      question: z.string().nullable(),
      draft: z
        .object({ id: z.uuid(), version: z.number().int(), items: z.number().int(), unplaced: z.number().int() })
        .nullable(),
      text: z.string(),
      tokens: z.number().int(),
    }),
  ),
  summary: z.string().nullable(),
  summaryTokens: z.number().int(),
  folded: z.number().int(),
});
export type TConversationMemory = z.infer<typeof ZConversationMemory>;

export const ZConversation = z.object({
  id: z.uuid(),
  /** the stored summary (AgentConversation.summary): the folded older turns, null while everything fits the window */
  summary: z.string().nullable(),
  memory: ZConversationMemory,
  createdAt: z.string(),
  runs: z.array(
    z.object({
      id: z.uuid(),
      goal: z.string(),
      status: ZAgentRunStatus,
      draftId: z.uuid().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type TConversation = z.infer<typeof ZConversation>;
