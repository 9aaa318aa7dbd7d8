import type {
  TAnyDraftItem,
  TCreateDraftVersionRequest,
  TDraftEvidence,
  TDraftItem,
  TDraftItemEdit,
  TDraftVersion,
  TMaintenanceItem,
  TUnplacedMaintenance,
  TUnplacedJob,
} from '@amms/contracts/drafts';
import type { OrgContext } from '../platform/access/context.js';
import { contentHashOf, draftContent, schedulerInput, type PlanningFacts } from '../planning/draft-content.js';
import type { ScheduleItem, SchedulerInput, ValidationResult } from '../planning/scheduler/types.js';
import { loadFacts } from '../planning/facts.js';
import { itemKeyOf } from '../planning/scheduler/scheduler.js';
import { validate } from '../planning/scheduler/validator.js';
import type { AgentTools, BusyFacts, DueFact, MachineFact } from '../planning/tools/agent-tools.js';
import { maintenanceItemKey, validateMaintenance } from '../planning/maintenance-plan.js';
import { ToolRunner } from '../planning/tools/runner.js';
import type { TravelService } from '../planning/travel/travel.service.js';
import { applyGoalLimits, type GoalLimits } from '../planning/goal-limits.js';
import { removedByEdit, type DraftLang } from './drafts.words.js';

/** An edited draft's next version (content + diff), built from the edit and facts re-read through the tools. */

/** The time span the edited items cover (the bookings to re-read), null without items. */
const spanOf = (starts: number[], ends: number[]) =>
  starts.length > 0
    ? {
        from: new Date(Math.min(...starts)).toISOString(),
        to: new Date(Math.max(...ends, Math.min(...starts) + 1)).toISOString(),
      }
    : null;
/** a job's items (one, or its parts in order) */
const byJob = (items: readonly TDraftItem[]) => {
  const m = new Map<string, TDraftItem[]>();
  for (const i of items) m.set(i.jobId, [...(m.get(i.jobId) ?? []), i]);
  for (const list of m.values()) list.sort((a, b) => (a.part?.index ?? 0) - (b.part?.index ?? 0));
  return m;
};
/** an item's place in its draft: its job, and its part when the job is split */
const itemIdent = (i: TDraftItem) => (i.part ? `${i.jobId}#${i.part.index}/${i.part.of}` : i.jobId);

/**
 * Says an edited schedule version in its reader's words: the findings rewritten from their codes
 * (codes kept) and, per item, its reasons (evidence `why`). The agent passes one for a follow-up
 * in a conversation (agent/explain/explain-draft.ts); the drafts module does not know the words.
 */
export type VersionExplainer = (x: {
  facts: PlanningFacts;
  input: SchedulerInput;
  items: readonly ScheduleItem[];
  validation: ValidationResult;
}) => { validation: ValidationResult; why: readonly (NonNullable<TDraftEvidence[number]['why']> | undefined)[] };

/** Makes the explainer of an edit made without a conversation (the web editor): registered by the agent. */
export type ExplainerFactory = (
  ctx: OrgContext,
  lang: DraftLang,
  timezone: string,
  /** the edit's note, null: none */
  said: string | null,
) => Promise<VersionExplainer>;

/** How an edit is said: a follow-up gives its conversation's language and explainer, the HTTP route its request's. */
export interface EditVoice {
  lang?: DraftLang;
  explain?: VersionExplainer;
  /** the request's Accept-Language (else the member's locale) when `lang` is not given */
  acceptLanguage?: string;
}

/** How a schedule version is checked and said, besides its items. */
export interface ScheduleVersionOptions {
  travel?: TravelService;
  /** a board draft re-plans SCHEDULED jobs too (their own booking is not a clash) */
  includeScheduled?: boolean;
  explain?: VersionExplainer;
  /** the goal's own limits (its run's constraints): they hold for every edit of its draft */
  limits?: GoalLimits | null;
  /** the reader's language for the drafts module's own texts (REMOVED_BY_EDIT) */
  lang?: DraftLang;
}

/** SCHEDULE: the edited job items re-validated against fresh facts (jobs, machines, operators, bookings). */
export async function scheduleVersion(
  tools: AgentTools,
  ctx: OrgContext,
  prevV: TDraftVersion,
  input: TCreateDraftVersionRequest,
  tz: string,
  next: number,
  edit: TDraftItemEdit,
  o: ScheduleVersionOptions = {},
) {
  const { travel, includeScheduled = false, explain } = o;
  const jobIds = [
    ...new Set([
      ...input.items.map((i) => i.jobId),
      ...prevV.items.map((i) => i.jobId),
      ...prevV.unplaced.map((u) => u.jobId),
    ]),
  ];
  const starts = input.items.map((i) => Date.parse(i.startsAt));
  const ends = input.items.map((i) => Date.parse(i.endsAt));
  const range = spanOf(starts, ends);
  const runner = new ToolRunner(ctx, tools.all);
  const { facts, steps } = await loadFacts(runner, { jobIds, includeScheduled }, range);
  // the road between fields: an edited item the machine cannot drive to in time is UNREACHABLE_IN_TIME
  if (travel)
    facts.travel = await travel.forScheduler(
      ctx.organizationId,
      facts.jobs.map((j) => j.fieldId),
      facts.machines.map((m) => m.id),
    );
  // the goal's day limit, deadline, avoidances and leave hold for the edit as for the planner
  const goal = applyGoalLimits(facts, o.limits ?? null, tz);
  const sin = schedulerInput(facts, {
    now: new Date().toISOString(),
    timezone: tz,
    calendar: await tools.workCalendar(ctx),
    ...goal,
  });
  const checked = validate(sin, input.items);
  const version = new Map(facts.jobs.map((j) => [j.id, j.version]));
  const keyed = input.items.map((it) => {
    const item = {
      jobId: it.jobId,
      primaryAssetId: it.primaryAssetId,
      implementAssetIds: [...it.implementAssetIds],
      operatorMembershipId: it.operatorMembershipId,
      startsAt: iso(it.startsAt),
      endsAt: iso(it.endsAt),
      ...(it.part ? { part: { ...it.part } } : {}),
    };
    return { ...item, itemKey: itemKeyOf(item, version.get(it.jobId) ?? 0) };
  });
  const said = explain?.({ facts, input: sin, items: keyed, validation: checked });
  const validation = said?.validation ?? checked;
  // jobs of the previous version that the edit left out stay visible as unplaced
  const kept = new Set(keyed.map((i) => i.jobId));
  const prevUnplaced = new Map(prevV.unplaced.map((u) => [u.jobId, u]));
  const unplaced = jobIds
    .filter((j) => !kept.has(j) && (prevUnplaced.has(j) || prevV.items.some((i) => i.jobId === j)))
    .sort()
    .map(
      (j) =>
        prevUnplaced.get(j) ?? {
          jobId: j,
          reason: 'REMOVED_BY_EDIT',
          detail: removedByEdit(o.lang ?? 'en', next),
        },
    );
  const content = draftContent(facts, keyed, unplaced, validation);
  // a job no longer readable (e.g. scheduled meanwhile) keeps its summary from the previous version
  const prevJob = new Map([
    ...prevV.items.map((i) => [i.jobId, i.job] as const),
    ...prevV.unplaced.map((u) => [u.jobId, u.job] as const),
  ]);
  const fill = <T extends { jobId: string; job: TUnplacedJob['job'] }>(x: T): T =>
    x.job ? x : { ...x, job: prevJob.get(x.jobId) ?? null };
  const final = {
    items: content.items.map(fill),
    unplaced: content.unplaced.map(fill),
    validation: content.validation,
  };
  const contentHash = contentHashOf(final.items, final.unplaced, final.validation);
  void steps; // the edit's own tool calls are not steps of the run: edited items say who edited them instead
  const sig = (i: TDraftItem) =>
    [
      i.primaryAssetId,
      [...i.implementAssetIds].sort().join(','),
      i.operatorMembershipId,
      i.startsAt,
      i.endsAt,
      i.part?.areaHa ?? '',
    ].join('|');
  // an item the edit changed is explained again (its reasons for the new machine, operator and time)
  const why = new Map(keyed.map((k, i) => [k.itemKey, said?.why[i]]));
  const evidence = carryEvidence(prevV, final.items, itemIdent, sig, edit).map((e) => {
    const w = e.edit?.version === next ? why.get(e.itemKey) : undefined;
    return w?.length ? { ...e, why: w } : e;
  });
  return { content: { ...final, evidence, contentHash }, diff: diffItems(prevV.items, final.items) };
}

/**
 * MAINTENANCE: the edited work-order items (a window moved, an item dropped, a due plan × machine
 * of the previous version's unplaced list placed by hand) re-validated against fresh facts: the
 * due list (plan applies, no open order), the machines and their bookings. Names and due status
 * come from the facts (the previous version when a fact is gone); items left out become unplaced
 * REMOVED_BY_EDIT.
 */
export async function maintenanceVersion(
  tools: AgentTools,
  ctx: OrgContext,
  prevV: TDraftVersion,
  input: TCreateDraftVersionRequest,
  tz: string,
  next: number,
  edit: TDraftItemEdit,
  lang: DraftLang = 'en',
) {
  const runner = new ToolRunner(ctx, tools.all);
  const ends = input.workOrderItems.map((i) => Date.parse(i.plannedEnd));
  const starts = input.workOrderItems.map((i) => Date.parse(i.plannedStart));
  const horizon = ends.length ? Math.max(...ends) : Date.now();
  const withinDays = Math.min(365, Math.max(0, Math.ceil((horizon - Date.now()) / 86_400_000)));
  const due = await runner.call<DueFact[]>('maintenance_due', { withinDays });
  const machines = await runner.call<MachineFact[]>('candidate_machines', {});
  const range = spanOf(starts, ends);
  const busy = range ? await runner.call<BusyFacts>('bookings', range) : null;

  const key = (x: { planId: string; assetId: string }) => `${x.planId}:${x.assetId}`;
  const dueOf = new Map(due.result.map((d) => [key(d), d]));
  const machineOf = new Map(machines.result.map((m) => [m.id, m]));
  const prevItem = new Map(prevV.workOrderItems.map((i) => [key(i), i]));
  const prevUnplaced = new Map(prevV.unplacedWorkOrders.map((u) => [key(u), u]));
  const items: TMaintenanceItem[] = input.workOrderItems.map((it) => {
    const d = dueOf.get(key(it));
    const before = prevItem.get(key(it)) ?? prevUnplaced.get(key(it));
    const planName = d?.planName ?? before?.planName ?? '';
    const window = { plannedStart: iso(it.plannedStart), plannedEnd: iso(it.plannedEnd) };
    return {
      kind: 'WORK_ORDER',
      itemKey: maintenanceItemKey({ planId: it.planId, assetId: it.assetId, ...window }),
      planId: it.planId,
      planName,
      assetId: it.assetId,
      assetName: machineOf.get(it.assetId)?.name ?? before?.assetName ?? null,
      title: planName,
      dueStatus: d?.status ?? (before && 'dueStatus' in before ? before.dueStatus : 'UNKNOWN'),
      ...window,
    };
  });
  const validation = validateMaintenance(items, {
    due: due.result,
    machines: machines.result,
    busy: busy?.result.machines ?? [],
    timezone: tz,
  });
  const kept = new Set(items.map(key));
  const unplaced: TUnplacedMaintenance[] = [
    ...prevV.unplacedWorkOrders.filter((u) => !kept.has(key(u))),
    ...prevV.workOrderItems
      .filter((i) => !kept.has(key(i)))
      .map((i) => ({
        planId: i.planId,
        planName: i.planName,
        assetId: i.assetId,
        assetName: i.assetName,
        reason: 'REMOVED_BY_EDIT',
        detail: removedByEdit(lang, next),
      })),
  ].sort((a, b) => key(a).localeCompare(key(b)));
  const contentHash = contentHashOf(items, unplaced, validation);
  const sig = (i: TMaintenanceItem) => `${i.plannedStart}|${i.plannedEnd}`;
  const evidence = carryEvidence(prevV, items, key, sig, edit);
  const diff = {
    added: [...kept].filter((k) => !prevItem.has(k)).sort(),
    removed: [...prevItem.keys()].filter((k) => !kept.has(k)).sort(),
    changed: items
      .filter((i) => prevItem.has(key(i)) && sig(prevItem.get(key(i))!) !== sig(i))
      .map(key)
      .sort(),
  };
  return { content: { items, unplaced, validation, evidence, contentHash }, diff };
}

/** The "version 0" a board draft's first version is built on: nothing placed, nothing unplaced. */
export const EMPTY_VERSION: TDraftVersion = {
  version: 0,
  basedOnVersion: null,
  items: [],
  unplaced: [],
  workOrderItems: [],
  unplacedWorkOrders: [],
  correctiveItems: [],
  purchaseLines: [],
  leaveItems: [],
  validation: { ok: true, violations: [], warnings: [] },
  evidence: [],
  contentHash: '',
  note: null,
  createdByUserId: null,
  createdAt: new Date(0).toISOString(),
};

const iso = (s: string) => new Date(s).toISOString();

/**
 * Evidence of an edited version: an item the edit left as it was keeps the evidence it had
 * (its run steps, or an earlier edit); a changed or added item records this edit instead.
 */
function carryEvidence<T extends TAnyDraftItem>(
  prevV: TDraftVersion,
  items: readonly T[],
  key: (i: T) => string,
  sig: (i: T) => string,
  edit: TDraftItemEdit,
): TDraftEvidence {
  const prevItems = (prevV.items.length > 0 ? prevV.items : prevV.workOrderItems) as unknown as T[];
  const prevByKey = new Map(prevItems.map((i) => [key(i), i]));
  const prevEvidence = new Map(prevV.evidence.map((e) => [e.itemKey, e]));
  return items.map((i) => {
    const before = prevByKey.get(key(i));
    const kept = before && sig(before) === sig(i) ? prevEvidence.get(before.itemKey) : undefined;
    const jobId = 'jobId' in i ? (i.jobId as string) : '';
    return kept ? { ...kept, itemKey: i.itemKey, jobId } : { itemKey: i.itemKey, jobId, steps: {}, edit };
  });
}

/** What an edit changed, by job: added, removed, changed (machine set, operator, time, or its parts). */
export function diffItems(before: readonly TDraftItem[], after: readonly TDraftItem[]) {
  const b = byJob(before);
  const a = byJob(after);
  const one = (i: TDraftItem) =>
    [
      i.primaryAssetId,
      i.implementAssetIds.join(','),
      i.operatorMembershipId,
      i.startsAt,
      i.endsAt,
      i.part ? `${i.part.index}/${i.part.of}:${i.part.areaHa}` : '',
    ].join('|');
  const sig = (list: readonly TDraftItem[]) => list.map(one).join('||');
  return {
    added: [...a.keys()].filter((j) => !b.has(j)).sort(),
    removed: [...b.keys()].filter((j) => !a.has(j)).sort(),
    changed: [...a.keys()].filter((j) => b.has(j) && sig(b.get(j)!) !== sig(a.get(j)!)).sort(),
  };
}
