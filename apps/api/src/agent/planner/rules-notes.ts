import type { TOperationType } from '@amms/contracts/assets';
import {
  PLAN_LIMITS,
  type TNamedRef,
  type TPlanIntent,
  type TPlanLanguage,
  type TPlanMissing,
} from '@amms/contracts/agent';
import type { PeriodResult } from './periods.js';

/** The rules planner's words back to the user: its references, notes, what it understood and its question. */

export type Side = 'avoid' | 'prefer';

/** References in mention order, once each, bounded like the contract. */
export class Refs {
  private readonly items = new Map<string, TNamedRef>();
  add(ref: { id: string; name: string }): void {
    if (this.items.size < PLAN_LIMITS.refs && !this.items.has(ref.id))
      this.items.set(ref.id, { id: ref.id, name: ref.name });
  }
  has(id: string): boolean {
    return this.items.has(id);
  }
  remove(id: string): void {
    this.items.delete(id);
  }
  get size(): number {
    return this.items.size;
  }
  list(): TNamedRef[] {
    return [...this.items.values()];
  }
}

export class Notes {
  language: TPlanLanguage = 'zh';
  private readonly items: Array<{ zh: string; en: string }> = [];
  add(zh: string, en: string): void {
    this.items.push({ zh, en });
  }
  /** understood things first (they are added last), then the problems; bounded and deduplicated */
  list(): string[] {
    const texts = this.items.map((n) => (this.language === 'zh' ? n.zh : n.en).slice(0, PLAN_LIMITS.noteChars));
    return [...new Set(texts)].slice(0, PLAN_LIMITS.notes);
  }
  prepend(zh: string, en: string): void {
    this.items.unshift({ zh, en });
  }
}

/** Goal text is echoed in notes only clipped, on one line. */
export function clip(s: string): string {
  const one = [...s]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return one.length > 40 ? `${one.slice(0, 40)}…` : one;
}

const OP_LABELS: Record<TOperationType, { zh: string; en: string }> = {
  TILLAGE: { zh: '耕整地', en: 'tillage' },
  SOWING_PLANTING: { zh: '播种', en: 'sowing/planting' },
  FERTILIZING: { zh: '施肥', en: 'fertilizing' },
  CROP_PROTECTION: { zh: '植保', en: 'crop protection' },
  MOWING: { zh: '割草', en: 'mowing' },
  BALING: { zh: '打捆', en: 'baling' },
  HARVESTING: { zh: '收获', en: 'harvesting' },
  FORAGE_HARVESTING: { zh: '青贮收获', en: 'forage harvesting' },
  TRANSPORT: { zh: '运输', en: 'transport' },
  OTHER: { zh: '其他', en: 'other' },
};

export function describe(
  notes: Notes,
  c: {
    intent: TPlanIntent;
    time: PeriodResult;
    operationTypes: TOperationType[];
    teams: Refs;
    fields: Refs;
    minPriority: number | null;
    urgentFirst: boolean;
    avoidState: { inMaintenance: boolean; dueForMaintenance: boolean };
    refs: Record<Side, { assets: Refs; operators: Refs }>;
  },
): void {
  const understood: Array<[string, string]> = [];
  /** "label：a、b" / "label: a, b" for a non-empty list of references */
  const named = (r: Refs, zh: string, en: string) => {
    if (r.size === 0) return;
    const names = r.list().map((x) => x.name);
    understood.push([`${zh}：${names.join('、')}`, `${en}: ${names.join(', ')}`]);
  };
  if (c.intent === 'SCHEDULE_JOBS') understood.push(['目标：安排作业', 'goal: schedule jobs']);
  if (c.intent === 'PLAN_MAINTENANCE') understood.push(['目标：安排保养', 'goal: plan maintenance']);
  const said = c.time.mentions.map(clip).join(notes.language === 'zh' ? '、' : ', ');
  if (c.time.period) {
    const { from, to } = c.time.period;
    understood.push([`时间：${said}（${from} 至 ${to}）`, `period: ${said} (${from} to ${to})`]);
  }
  if (c.time.past)
    understood.push([
      `时间“${said}”已经过去，需要重新指定`,
      `the period "${said}" is already over; please give another one`,
    ]);
  if (c.time.clamped)
    understood.push(['开始日期早于今天，已从今天开始', 'the period started before today; it now starts today']);
  if (c.time.combined)
    understood.push([
      '提到了多个时间，按覆盖全部的时间段处理',
      'several periods were mentioned; using one period that covers them all',
    ]);
  if (c.operationTypes.length > 0) {
    understood.push([
      `作业类型：${c.operationTypes.map((o) => OP_LABELS[o].zh).join('、')}`,
      `operation types: ${c.operationTypes.map((o) => OP_LABELS[o].en).join(', ')}`,
    ]);
  }
  named(c.teams, '作业队', 'teams');
  named(c.fields, '地块', 'fields');
  if (c.minPriority !== null)
    understood.push([`只安排优先级 ≥ ${c.minPriority} 的作业`, `only jobs with priority ≥ ${c.minPriority}`]);
  if (c.urgentFirst) understood.push(['紧急的作业优先', 'urgent jobs first']);
  if (c.avoidState.inMaintenance) understood.push(['避开维修中的机器', 'avoid machines in maintenance']);
  if (c.avoidState.dueForMaintenance) understood.push(['避开到期需要保养的机器', 'avoid machines due for maintenance']);
  named(c.refs.avoid.assets, '避开机器', 'avoid machines');
  named(c.refs.avoid.operators, '避开机手', 'avoid operators');
  named(c.refs.prefer.assets, '优先使用机器', 'prefer machines');
  named(c.refs.prefer.operators, '优先安排机手', 'prefer operators');
  for (const [zh, en] of understood.reverse()) notes.prepend(zh, en);
}

const QUESTIONS = {
  intent: {
    zh: '你想让我安排什么？例如：安排下周的收获作业，或安排未来两周到期的保养。',
    en: 'What would you like me to plan? For example: schedule next week’s harvesting jobs, or plan the maintenance due in the next two weeks.',
  },
  periodJobs: {
    zh: '你想安排哪个时间段的作业？例如：下周、明天、12月8日到12月12日',
    en: 'Which period should the jobs be scheduled in? For example: next week, tomorrow, Dec 8 to Dec 12.',
  },
  periodMaintenance: {
    zh: '你想安排哪个时间段的保养？例如：未来两周、下个月、12月8日到12月12日',
    en: 'Which period should the maintenance be planned for? For example: the next two weeks, next month, Dec 8 to Dec 12.',
  },
};

export function question(missing: TPlanMissing[], intent: TPlanIntent, language: TPlanLanguage): string | null {
  // one question at a time, the most basic first: without an intent the period is moot
  if (missing.includes('intent')) return QUESTIONS.intent[language];
  if (missing.includes('period'))
    return (intent === 'PLAN_MAINTENANCE' ? QUESTIONS.periodMaintenance : QUESTIONS.periodJobs)[language];
  return null;
}
