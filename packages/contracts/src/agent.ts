import { z } from 'zod';
import { ZOperationType } from './assets.js';

/**
 * The agent's planning output: what a dispatcher's goal ("安排下周的收获作业，避开维修中的机器")
 * means, as constraints the scheduler can act on. Both planners (`rules`, and later an
 * OpenAI-compatible model through a tool call) must produce exactly this shape; it is parsed
 * with this schema before anything runs, so it is strict (unknown keys refused) and bounded.
 *
 * - `period` is a range of inclusive **local calendar dates** in the org's time zone.
 * - Entity references carry the id **and** the name they were resolved from; ids only ever come
 *   from the `known` lists the planner was given (names from the database), never from the goal.
 * - `missing` lists the essentials the goal did not give; the run then asks `question` (in the
 *   goal's language) instead of guessing.
 * - `notes` say in plain words what was understood (and what was not), for the person reviewing.
 */

export const PLAN_INTENTS = ['SCHEDULE_JOBS', 'PLAN_MAINTENANCE', 'UNKNOWN'] as const;
export const ZPlanIntent = z.enum(PLAN_INTENTS);
export type TPlanIntent = z.infer<typeof ZPlanIntent>;

export const PLAN_MISSING = ['intent', 'period'] as const;
export const ZPlanMissing = z.enum(PLAN_MISSING);
export type TPlanMissing = z.infer<typeof ZPlanMissing>;

export const PLAN_LANGUAGES = ['zh', 'en'] as const;
export const ZPlanLanguage = z.enum(PLAN_LANGUAGES);
export type TPlanLanguage = z.infer<typeof ZPlanLanguage>;

export const PLAN_LIMITS = {
  goalChars: 2000,
  refs: 50,
  nameChars: 200,
  notes: 20,
  noteChars: 300,
  questionChars: 500,
} as const;

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 is refused). */
export const ZLocalDate = z.iso.date();

export const ZNamedRef = z.strictObject({
  id: z.uuid(),
  name: z.string().min(1).max(PLAN_LIMITS.nameChars),
});
export type TNamedRef = z.infer<typeof ZNamedRef>;

const uniqueIds = (refs: readonly TNamedRef[]) => new Set(refs.map((r) => r.id)).size === refs.length;
const ZRefList = z.array(ZNamedRef).max(PLAN_LIMITS.refs).refine(uniqueIds, { message: 'duplicate id' });

export const ZPlanPeriod = z
  .strictObject({ from: ZLocalDate, to: ZLocalDate })
  .refine((p) => p.from <= p.to, { message: '`from` must not be after `to`', path: ['to'] });
export type TPlanPeriod = z.infer<typeof ZPlanPeriod>;

export const ZPlanConstraints = z
  .strictObject({
    intent: ZPlanIntent,
    period: ZPlanPeriod.nullable(),
    /** empty = every operation type */
    operationTypes: z
      .array(ZOperationType)
      .max(10)
      .refine((a) => new Set(a).size === a.length, { message: 'duplicate operation type' }),
    teams: ZRefList,
    fields: ZRefList,
    /** jobs with priority ≥ this (1 low … 5 urgent); null = any priority */
    minPriority: z.number().int().min(1).max(5).nullable(),
    /** place higher-priority jobs first */
    urgentFirst: z.boolean(),
    avoid: z.strictObject({
      inMaintenance: z.boolean(),
      dueForMaintenance: z.boolean(),
      assets: ZRefList,
      operators: ZRefList,
    }),
    prefer: z.strictObject({ assets: ZRefList, operators: ZRefList }),
    missing: z
      .array(ZPlanMissing)
      .max(PLAN_MISSING.length)
      .refine((a) => new Set(a).size === a.length, { message: 'duplicate entry' }),
    question: z.string().min(1).max(PLAN_LIMITS.questionChars).nullable(),
    language: ZPlanLanguage,
    notes: z.array(z.string().min(1).max(PLAN_LIMITS.noteChars)).max(PLAN_LIMITS.notes),
    /**
     * Working-time limits the goal states ("每人每天别超过10小时", "周六周日休息", "8点以后开工");
     * absent = the org's own. `maxHoursPerDay`: the most working hours any operator gets in one local
     * day; `restWeekdays`: ISO weekdays (1 = Monday … 7 = Sunday) nobody works; `dayStartHour` /
     * `dayEndHour`: local hours (halves allowed) the working day is kept within.
     */
    limits: z
      .strictObject({
        maxHoursPerDay: z.number().min(1).max(24).nullable(),
        restWeekdays: z.array(z.number().int().min(1).max(7)).max(7).optional(),
        dayStartHour: z.number().min(0).max(23.5).nullable().optional(),
        dayEndHour: z.number().min(0.5).max(24).nullable().optional(),
      })
      .optional(),
    /**
     * The period's end said as a deadline ("12月15日前收完", "by Friday"): work must end by the end of
     * this local day, also after a later edit of the draft; absent = no deadline (the period is a scope).
     */
    deadline: ZLocalDate.optional(),
    /**
     * Leave the goal states with its days ("赵刚周三请假", "Li is off on Tuesday"): the operator is
     * not planned on those local days (inclusive); absent = none. Leave without days is `avoid.operators`.
     */
    leave: z
      .array(z.strictObject({ operator: ZNamedRef, from: ZLocalDate, to: ZLocalDate }))
      .max(PLAN_LIMITS.refs)
      .optional(),
  })
  .superRefine((c, ctx) => {
    // The fields must tell one consistent story, whichever planner produced them.
    if (c.missing.length > 0 !== (c.question !== null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['question'],
        message: 'a question is asked exactly when something is missing',
      });
    }
    if ((c.intent === 'UNKNOWN') !== c.missing.includes('intent')) {
      ctx.addIssue({
        code: 'custom',
        path: ['missing'],
        message: "'intent' is missing exactly when the intent is UNKNOWN",
      });
    }
    if ((c.period === null) !== c.missing.includes('period')) {
      ctx.addIssue({
        code: 'custom',
        path: ['missing'],
        message: "'period' is missing exactly when there is no period",
      });
    }
    for (const kind of ['assets', 'operators'] as const) {
      const avoided = new Set(c.avoid[kind].map((r) => r.id));
      if (c.prefer[kind].some((r) => avoided.has(r.id))) {
        ctx.addIssue({
          code: 'custom',
          path: ['prefer', kind],
          message: 'the same id cannot be both avoided and preferred',
        });
      }
    }
  });
export type TPlanConstraints = z.infer<typeof ZPlanConstraints>;

// ---------------------------------------------------------------------------
// Skills beyond scheduling (issue 14 §1): diagnose, ask the manual, business questions
// ---------------------------------------------------------------------------

/**
 * What a run was asked for. SCHEDULE_JOBS / PLAN_MAINTENANCE go through the planner
 * (`constraints`); the others are skills routed by the intent classifier before any planner
 * (their runs have `constraints: null`).
 */
export const AGENT_INTENTS = [
  'SCHEDULE_JOBS',
  'PLAN_MAINTENANCE',
  'DIAGNOSE',
  'ASK_MANUAL',
  'BUSINESS_QUESTION',
  /** a follow-up that edits the conversation's current draft ("把周三的改到周四"): a new version of it */
  'EDIT_DRAFT',
  /** parts to order for the coming services ("下周保养需要订哪些配件？"): a PURCHASE draft */
  'PURCHASE',
  /** what is already booked ("钱勇那台下周都排了什么", "what is the S780 doing tomorrow?"): an answer from the calendar, no draft */
  'SCHEDULE_QUESTION',
  /** a leave said on its own ("赵刚下周请假"): a LEAVE draft, and a SCHEDULE draft re-planning their bookings then */
  'RECORD_LEAVE',
  'UNKNOWN',
] as const;
export const ZAgentIntent = z.enum(AGENT_INTENTS);
export type TAgentIntent = z.infer<typeof ZAgentIntent>;

/** A manual page cited by an answer or a diagnosis (open it at /documents/:documentId/versions/:versionId/pages/:page). */
export const ZAgentCitation = z.object({
  documentId: z.uuid(),
  versionId: z.uuid(),
  title: z.string(),
  page: z.number().int().positive(),
  pageLabel: z.string(),
  snippet: z.string(),
});
export type TAgentCitation = z.infer<typeof ZAgentCitation>;

/** Whose data a figure covers: the caller's data scope (and teams), optionally narrowed to named machines. */
export const ZFigureScope = z.object({
  dataScope: z.enum(['ORG', 'TEAM', 'ASSIGNED']),
  teamIds: z.array(z.uuid()),
  /** a figure of one machine (a per-machine row of the endpoint) */
  machine: ZNamedRef.nullable(),
  /** in words, in the answer's language */
  label: z.string(),
});
export type TFigureScope = z.infer<typeof ZFigureScope>;

/**
 * One number of a business answer: exactly the value the analytics endpoint (`source`) returns
 * for that period (`from`..`to`, local dates) and scope — money stays a digit string of fen,
 * ratios fractions 0..1, null when the endpoint says "unknown".
 */
export const ZAgentFigure = z.object({
  metric: z.string(),
  label: z.string(),
  value: z.union([z.number(), z.string()]).nullable(),
  unit: z.string(),
  from: ZLocalDate,
  to: ZLocalDate,
  scope: ZFigureScope,
  /** how the endpoint computes it (e.g. MTBF in operating hours) */
  definition: z.string(),
  /** the endpoint and query it came from, e.g. `GET /analytics/maintenance?from=…&to=…` */
  source: z.string(),
});
export type TAgentFigure = z.infer<typeof ZAgentFigure>;

/** Where an answer's facts came from: an analytics endpoint, a manual, a machine's records (with the run step that read it). */
export const ZAgentSource = z.object({
  kind: z.enum(['analytics', 'manual', 'work_orders', 'meter_readings', 'checklist', 'job_calendar']),
  label: z.string(),
  step: z.number().int().nullable(),
});
export type TAgentSource = z.infer<typeof ZAgentSource>;

/**
 * A run's answer (ASK_MANUAL, BUSINESS_QUESTION; a DIAGNOSE run's summary): text in the goal's
 * language, figures (business), citations (manual pages) and sources. `refused`: the caller
 * may not have the answer (e.g. no analytics.read) — no number is given. `found`: false when
 * nothing in the knowledge base / records answers it (said so in `text`).
 */
export const ZAgentAnswer = z.object({
  intent: ZAgentIntent,
  language: ZPlanLanguage,
  text: z.string(),
  figures: z.array(ZAgentFigure),
  citations: z.array(ZAgentCitation),
  sources: z.array(ZAgentSource),
  refused: z.boolean(),
  found: z.boolean(),
});
export type TAgentAnswer = z.infer<typeof ZAgentAnswer>;
