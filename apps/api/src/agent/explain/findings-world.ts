/**
 * The world rules' findings in the goal's language (issue 25 §4): who may run a machine
 * (licences), leave, tractor–implement fit, a service falling due, double bookings inside the
 * draft, an unplaced job no licensed operator can take, and the deadline options (OVERTIME,
 * SPLIT). Rendered from codes and the scheduler's facts, times in the org's zone; null when
 * the code is not one of these (findings.ts renders the others).
 */
import { lacking, misfit, requiredOf } from '../../planning/scheduler/world-rules.js';
import type { SchedMachine } from '../../planning/scheduler/types.js';
import type { PlanningFacts } from '../../planning/draft-content.js';
import type { SchedulerInput } from '../../planning/scheduler/types.js';
import { shareWords } from './share-words.js';
import { localSpan, localWhen, nameList, type Lang } from './wording.js';

/** what findings.ts explains with (its ExplainContext, said here so the two files do not import each other) */
interface ExplainContext {
  facts: PlanningFacts;
  input: SchedulerInput;
  lang: Lang;
  timezone: string;
}

const LICENCE: Record<string, { zh: string; en: string }> = {
  COMBINE: { zh: '联合收割机驾驶证', en: 'combine licence' },
  SELF_PROPELLED_SPRAYER: { zh: '自走式喷雾机操作证', en: 'self-propelled sprayer licence' },
  DRONE_PILOT: { zh: '无人机驾驶员执照', en: 'drone pilot licence' },
  PESTICIDE_APPLICATOR: { zh: '农药施用资格证', en: 'pesticide applicator certificate' },
  TRACTOR: { zh: '拖拉机驾驶证', en: 'tractor licence' },
  FORAGE_HARVESTER: { zh: '青贮收获机操作证', en: 'forage harvester licence' },
};
export const licenceWord = (code: string, lang: Lang) => LICENCE[code]?.[lang] ?? code;
const licences = (codes: readonly string[], lang: Lang) =>
  nameList(
    codes.map((c) => licenceWord(c, lang)),
    lang,
  );

/** the draft item a finding is about (a job on machines and an operator, from … to) */
export interface FindingItem {
  primaryAssetId: string;
  implementAssetIds: string[];
  operatorMembershipId: string;
  startsAt: string;
  endsAt: string;
  jobId: string;
}
export type Finding = { code: string; message: string; clash?: { kind: string; startsAt: string; endsAt: string } };

export function worldFindingText(c: ExplainContext, f: Finding, item: FindingItem): string | null {
  const { lang, timezone: tz } = c;
  const zh = lang === 'zh';
  const machine = (id: string) => c.input.machines.find((m) => m.id === id);
  const set = [item.primaryAssetId, ...item.implementAssetIds].map(machine).filter((m): m is SchedMachine => !!m);
  const names = set.map((m) => m.name);
  const op = c.input.operators.find((o) => o.membershipId === item.operatorMembershipId);
  const opName = op?.name ?? c.facts.operators.find((o) => o.membershipId === item.operatorMembershipId)?.name ?? '—';
  const span = localSpan(item.startsAt, item.endsAt, tz, lang);
  switch (f.code) {
    case 'NOT_QUALIFIED': {
      const missing = op ? lacking(op, requiredOf(set), Date.parse(item.endsAt)) : requiredOf(set);
      return zh
        ? `${opName} 没有开 ${nameList(names, 'zh')} 所需的${licences(missing, 'zh')}（或到 ${span} 结束前已过期）`
        : `${opName} does not hold the ${licences(missing, 'en')} needed for ${nameList(names, 'en')} (or it expires before ${span} ends)`;
    }
    case 'ON_LEAVE': {
      const leave = f.clash ? localSpan(f.clash.startsAt, f.clash.endsAt, tz, lang) : span;
      return zh
        ? `${opName} 在 ${leave} 请假，不能安排在 ${span}`
        : `${opName} is on leave ${leave}, so not free ${span}`;
    }
    case 'IMPLEMENT_MISFIT': {
      const lead = set[0];
      const impl = set.slice(1).find((m) => m.kind === 'IMPLEMENT' && lead && misfit(lead, m));
      if (!lead || !impl)
        return zh ? `${nameList(names, 'zh')} 配不上` : `${nameList(names, 'en')} do not fit together`;
      if (impl.requiredPowerKw && lead.powerKw != null && lead.powerKw < impl.requiredPowerKw)
        return zh
          ? `${impl.name} 需要 ${impl.requiredPowerKw} kW 的拖拉机，${lead.name} 只有 ${lead.powerKw} kW`
          : `${impl.name} needs ${impl.requiredPowerKw} kW, ${lead.name} has ${lead.powerKw} kW`;
      return zh
        ? `${impl.name} 的挂接方式（${(impl.hitchTypes ?? []).join('/')}）与 ${lead.name}（${(lead.hitchTypes ?? []).join('/')}）不匹配`
        : `${impl.name} hitches by ${(impl.hitchTypes ?? []).join('/')}, ${lead.name} offers ${(lead.hitchTypes ?? []).join('/')}`;
    }
    case 'SERVICE_DUE': {
      const due = set.filter((m) => m.serviceDueInHours != null);
      const parts = due.map((m) =>
        zh
          ? `${m.name} 再工作 ${Math.max(0, Math.round(m.serviceDueInHours! * 10) / 10)} 小时就到保养`
          : `${m.name} falls due for service after ${Math.max(0, Math.round(m.serviceDueInHours! * 10) / 10)} more engine hours`,
      );
      return zh
        ? `${parts.join('；')}，本草案到这一项（${span}）会超过，建议先保养或换一台`
        : `${parts.join('; ')}; this draft passes it by this item (${span}): service it first or use another machine`;
    }
    case 'MACHINE_DOUBLE_BOOKED':
      return zh
        ? `${nameList(names, 'zh')} 在 ${span} 与草案里另一项重叠`
        : `${nameList(names, 'en')} overlaps another item of the draft in ${span}`;
    case 'OPERATOR_DOUBLE_BOOKED':
      return zh ? `${opName} 在 ${span} 与草案里另一项重叠` : `${opName} overlaps another item of the draft in ${span}`;
    case 'DUPLICATE_JOB':
      return zh ? '同一个作业在草案里出现了两次' : 'The same job appears twice in the draft';
    case 'INVALID_RANGE':
      return zh ? `${span} 的结束不晚于开始` : `${span} does not end after it starts`;
    case 'INVALID_MACHINE_SET':
      return zh
        ? `${nameList(names, 'zh')} 不是一个可用的机器组合（主机加机具）`
        : `${nameList(names, 'en')} is not a valid machine set (a lead machine and its implements)`;
    case 'UNKNOWN_MACHINE':
      return zh ? '草案里有一台不认识（或看不到）的机器' : 'A machine of the item is unknown (or not visible to you)';
    default:
      return null;
  }
}

/** An unplaced job that no operator may take because none holds the licence its machines need. */
export function licenceGapText(c: ExplainContext, jobId: string): string | null {
  const job = c.input.jobs.find((j) => j.id === jobId);
  if (!job) return null;
  const capable = c.input.machines.filter(
    (m) => m.kind !== 'IMPLEMENT' && m.operationTypes.includes(job.operationType) && m.status === 'ACTIVE',
  );
  const needs = capable.map((m) => requiredOf([m])).filter((q) => q.length > 0);
  if (capable.length === 0 || needs.length < capable.length) return null;
  const end = Date.parse(job.windowEnd);
  const anyone = capable.some((m) => c.input.operators.some((o) => lacking(o, requiredOf([m]), end).length === 0));
  if (anyone) return null;
  const codes = [...new Set(needs.flat())].sort();
  return c.lang === 'zh'
    ? `没有持有${licences(codes, 'zh')}（在作业结束前有效）的机手，能做这项作业的机器都要求它`
    : `No operator holds the ${licences(codes, 'en')} (valid to the job's end) that every machine able to do it requires`;
}

/** A deadline option's item: where it ends, on what; a SPLIT option's items are parts (their share). */
interface OptionItem {
  primaryAssetId: string;
  endsAt: string;
  implementAssetIds?: string[];
  operatorMembershipId?: string;
  part?: { index: number; of: number; areaHa: number };
}

/**
 * A deadline option (OVERTIME, SPLIT) in words: what it changes and when it finishes against the
 * deadline; a SPLIT names each part's machine and share (hectares, about how many hours).
 */
export function optionText(
  c: ExplainContext,
  jobId: string,
  o: { kind: string; detail: string; items: OptionItem[] },
): string {
  const { lang, timezone: tz } = c;
  const zh = lang === 'zh';
  const deadline = c.facts.jobs.find((j) => j.id === jobId)?.windowEnd;
  const end = o.items
    .map((i) => i.endsAt)
    .sort()
    .at(-1);
  const name = (id: string) => c.input.machines.find((m) => m.id === id)?.name ?? id.slice(0, 8);
  const machines = [...new Set(o.items.map((i) => i.primaryAssetId))].map(name);
  const by = end ? localWhen(end, tz, lang) : '';
  const dl = deadline ? localWhen(deadline, tz, lang) : '';
  if (o.kind === 'OVERTIME')
    return zh
      ? `加班：工作日延长到 06:00–21:00（或到日落），不休息、不设每日上限，用 ${nameList(machines, 'zh')}，${by} 完成，截止 ${dl}`
      : `Overtime: longer days (06:00–21:00 or until sunset, no break, no day limit) on ${nameList(machines, 'en')} finish it by ${by}, before the deadline ${dl}`;
  if (o.kind === 'SPLIT') {
    const job = c.input.jobs.find((j) => j.id === jobId);
    const parts = [...o.items].sort((a, b) => (a.part?.index ?? 0) - (b.part?.index ?? 0));
    const shares = parts.map((i) => {
      const words = shareWords(c, job, {
        primaryAssetId: i.primaryAssetId,
        implementAssetIds: i.implementAssetIds ?? [],
        operatorMembershipId: i.operatorMembershipId ?? '',
        ...(i.part ? { part: i.part } : {}),
      });
      return zh ? `${name(i.primaryAssetId)} ${words}` : `${words} on ${name(i.primaryAssetId)}`;
    });
    return zh
      ? `拆分：按各台能干的量把地块分成${parts.length}块，${shares.join('，')}，${by} 完成，截止 ${dl}`
      : `Split: the field in ${parts.length} parts by what each machine can do, ${shares.join(', ')}, finished by ${by}, before the deadline ${dl}`;
  }
  return zh ? `方案（${o.kind}）：${o.detail}` : o.detail;
}
