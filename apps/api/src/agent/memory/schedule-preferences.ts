import type { AgentPreference } from '@amms/db';
import { addDays, isoWeekday, type LocalDate } from '../planner/calendar.js';
import { periodRange } from '../../planning/draft-content.js';
import { schedule } from '../../planning/scheduler/scheduler.js';
import type { ScheduleResult, SchedulerInput } from '../../planning/scheduler/types.js';
import type { MachineFact } from '../../planning/tools/agent-tools.js';
import type { KnownLists } from './references.js';

/**
 * Saved preferences → soft constraints for one scheduling run (docs/agent.md "Memory").
 * Each preference is re-checked at recall against what the caller may see now: its team, machine
 * or operator must be in this run's `known` lists (loaded within the caller's permissions and
 * data scope), and a TEAM-scoped caller's team preference must name one of their teams. One that
 * fails is not applied, and a note says so. Nothing here reads status: the machines' teams come
 * from this run's `candidate_machines` tool call.
 *
 * Soft means: a preferred team's machines and preferred machines / operators are a tie-break
 * (the scheduler's `prefer` lists); avoided machines / operators and no-work weekdays are tried
 * first, and dropped (with a note) when keeping them would leave more jobs unplaced.
 */
export interface AppliedPreferences {
  preferAssetIds: string[];
  preferOperatorIds: string[];
  avoidAssetIds: string[];
  avoidOperatorIds: string[];
  weekdays: number[];
  notes: Array<{ zh: string; en: string }>;
}

const WD_ZH = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'];
const WD_EN = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function describePreference(p: Pick<AgentPreference, 'kind' | 'targetName' | 'weekday'>): {
  zh: string;
  en: string;
} {
  const t = p.targetName ?? '?';
  switch (p.kind) {
    case 'PREFER_TEAM':
      return { zh: `优先用${t}的机器`, en: `prefer ${t}'s machines` };
    case 'PREFER_ASSET':
      return { zh: `优先用${t}`, en: `prefer ${t}` };
    case 'PREFER_OPERATOR':
      return { zh: `优先派${t}`, en: `prefer operator ${t}` };
    case 'AVOID_ASSET':
      return { zh: `不用${t}`, en: `avoid ${t}` };
    case 'AVOID_OPERATOR':
      return { zh: `不派${t}`, en: `avoid operator ${t}` };
    case 'AVOID_WEEKDAY':
      return { zh: `${WD_ZH[p.weekday ?? 0] ?? '?'}不排作业`, en: `no work on ${WD_EN[p.weekday ?? 0] ?? '?'}` };
  }
}

export function applyPreferences(
  prefs: readonly AgentPreference[],
  scope: { dataScope: string; teamIds: readonly string[] },
  known: KnownLists,
  machines: readonly MachineFact[],
): AppliedPreferences {
  const out: AppliedPreferences = {
    preferAssetIds: [],
    preferOperatorIds: [],
    avoidAssetIds: [],
    avoidOperatorIds: [],
    weekdays: [],
    notes: [],
  };
  const has = (list: readonly { id: string }[], id: string | null) => id !== null && list.some((r) => r.id === id);
  for (const p of prefs) {
    const d = describePreference(p);
    const skip = (zh: string, en: string) =>
      out.notes.push({ zh: `偏好“${d.zh}”未应用：${zh}`, en: `preference "${d.en}" not applied: ${en}` });
    const applied = () => out.notes.push({ zh: `已按你的偏好：${d.zh}`, en: `applied your preference: ${d.en}` });
    switch (p.kind) {
      case 'PREFER_TEAM': {
        const inScope = scope.dataScope === 'ORG' || scope.teamIds.includes(p.targetId ?? '');
        if (!inScope || !has(known.teams, p.targetId)) {
          skip('该作业队不在你当前的权限或数据范围内', 'that team is outside your current permissions or data scope');
          break;
        }
        const ids = machines.filter((m) => m.teamId === p.targetId).map((m) => m.id);
        out.preferAssetIds.push(...ids);
        if (ids.length === 0) skip('该作业队没有可用的机器', 'that team has no machines to plan with');
        else applied();
        break;
      }
      case 'PREFER_ASSET':
      case 'AVOID_ASSET':
        if (!has(known.assets, p.targetId)) {
          skip('该机器不在你当前可见的范围内', 'that machine is not visible to you now');
          break;
        }
        (p.kind === 'PREFER_ASSET' ? out.preferAssetIds : out.avoidAssetIds).push(p.targetId!);
        applied();
        break;
      case 'PREFER_OPERATOR':
      case 'AVOID_OPERATOR':
        if (!has(known.operators, p.targetId)) {
          skip('该机手不在你当前可见的范围内', 'that operator is not visible to you now');
          break;
        }
        (p.kind === 'PREFER_OPERATOR' ? out.preferOperatorIds : out.avoidOperatorIds).push(p.targetId!);
        applied();
        break;
      case 'AVOID_WEEKDAY':
        if (p.weekday && p.weekday >= 1 && p.weekday <= 7) {
          out.weekdays.push(p.weekday);
          applied();
        }
        break;
    }
  }
  return out;
}

/**
 * Schedules with the soft avoidances (no-work weekdays as busy days of every machine, avoided
 * machines / operators left out) and without them; keeps the first unless it places fewer jobs.
 * Returns the result and whether the avoidances had to be dropped.
 */
export function scheduleSoftly(
  input: SchedulerInput,
  soft: { weekdays: readonly number[]; avoidAssetIds: readonly string[]; avoidOperatorIds: readonly string[] },
  period: { from: LocalDate; to: LocalDate },
  timezone: string,
): { result: ScheduleResult; relaxed: boolean } {
  const plain = schedule(input);
  if (soft.weekdays.length === 0 && soft.avoidAssetIds.length === 0 && soft.avoidOperatorIds.length === 0)
    return { result: plain, relaxed: false };
  const blocked: Array<{ assetId: string; startsAt: string; endsAt: string; label: string }> = [];
  for (let d = period.from; d <= period.to; d = addDays(d, 1)) {
    if (!soft.weekdays.includes(isoWeekday(d))) continue;
    const day = periodRange({ from: d, to: d }, timezone);
    for (const m of input.machines)
      blocked.push({ assetId: m.id, startsAt: day.from, endsAt: day.to, label: 'preference: no work this weekday' });
  }
  const options = input.options ?? {};
  const strict = schedule({
    ...input,
    busy: { machines: [...input.busy.machines, ...blocked], operators: input.busy.operators },
    options: {
      ...options,
      avoidAssetIds: [...(options.avoidAssetIds ?? []), ...soft.avoidAssetIds],
      avoidOperatorIds: [...(options.avoidOperatorIds ?? []), ...soft.avoidOperatorIds],
    },
  });
  return strict.stats.placed >= plain.stats.placed
    ? { result: strict, relaxed: false }
    : { result: plain, relaxed: true };
}
