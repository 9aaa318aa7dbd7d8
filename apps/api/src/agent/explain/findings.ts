/**
 * Unplaced jobs and the validator's findings in the goal's language, times in the org's zone.
 * Each is rendered from its code (the scheduler's and validator's keys) and the facts, not from
 * the English sentence the scheduler wrote; a code this file does not know keeps that sentence
 * behind a plain lead-in in the goal's language.
 */
import type { PlanningFacts } from '../../planning/draft-content.js';
import type { SchedulerInput } from '../../planning/scheduler/types.js';
import { hoursOf, localSpan, nameList, opWord, type Lang } from './wording.js';
import { licenceGapText, worldFindingText, type Finding, type FindingItem } from './findings-world.js';

export interface ExplainContext {
  facts: PlanningFacts;
  input: SchedulerInput;
  lang: Lang;
  timezone: string;
}

type Words = { zh: string; en: string };
const pick = (w: Words, lang: Lang) => (lang === 'zh' ? w.zh : w.en);

/** why a machine cannot be used at all in this plan (null: it can) */
export function machineExclusion(c: ExplainContext, assetId: string): Words | null {
  const m = c.facts.machines.find((x) => x.id === assetId);
  if (!m) return null;
  const o = c.input.options ?? {};
  if (m.status === 'IN_MAINTENANCE') return { zh: '维修中', en: 'in the workshop' };
  if (m.status === 'RETIRED') return { zh: '已停用', en: 'retired' };
  if (o.avoidAssetIds?.includes(m.id)) return { zh: '按要求避开', en: 'avoided as you asked' };
  if (o.avoidDueForMaintenance && m.dueForMaintenance)
    return { zh: '保养到期，按要求避开', en: 'due for service, avoided as you asked' };
  return null;
}

const capableOf = (c: ExplainContext, op: string) => c.facts.machines.filter((m) => m.operationTypes.includes(op));

/** An unplaced job's reason in words: what was tried, with the job's window in local time. */
export function unplacedText(
  c: ExplainContext,
  u: {
    jobId: string;
    reason: string;
    detail: string;
    candidates?: { assetIds: string[]; operatorMembershipIds: string[] };
  },
): string {
  const { lang, timezone } = c;
  const job = c.facts.jobs.find((j) => j.id === u.jobId);
  const sj = c.input.jobs.find((j) => j.id === u.jobId);
  const op = job ? opWord(job.operationType, lang) : '';
  const from = sj ? new Date(Math.max(Date.parse(sj.windowStart), Date.parse(c.input.now))).toISOString() : null;
  const window = sj && from ? localSpan(from, sj.windowEnd, timezone, lang) : '';
  const hours = job?.estimatedHours ?? 0;
  const opName = (id: string) => c.facts.operators.find((o) => o.membershipId === id)?.name ?? id.slice(0, 8);
  const capable = job ? capableOf(c, job.operationType) : [];
  const excluded = capable
    .map((m) => ({ m, why: machineExclusion(c, m.id) }))
    .filter((x): x is { m: (typeof capable)[number]; why: Words } => x.why !== null);
  const excludedNote = excluded.length
    ? pick(
        {
          zh: `；不能用：${nameList(
            excluded.map((x) => `${x.m.name}（${x.why.zh}）`),
            'zh',
          )}`,
          en: `; not usable: ${nameList(
            excluded.map((x) => `${x.m.name} (${x.why.en})`),
            'en',
          )}`,
        },
        lang,
      )
    : '';
  switch (u.reason) {
    case 'NO_CAPABLE_MACHINE':
      return pick({ zh: `没有能做${op}的机器（或机具组合）`, en: `No machine (or machine set) can do ${op}` }, lang);
    case 'NO_MACHINE_AVAILABLE': {
      const usable = capable.filter((m) => !excluded.some((x) => x.m.id === m.id)).map((m) => m.name);
      if (usable.length === 0)
        return pick(
          { zh: `能做${op}的机器都不能用${excludedNote}`, en: `Every machine that can do ${op} is out${excludedNote}` },
          lang,
        );
      return pick(
        {
          zh: `${window} 内，能做${op}的 ${usable.length} 台机器（${nameList(usable, 'zh')}）找不到连续 ${hours} 小时的空档${excludedNote}`,
          en: `In ${window}, none of the ${usable.length} machines that can do ${op} (${nameList(usable, 'en')}) has ${hours} working hours free${excludedNote}`,
        },
        lang,
      );
    }
    case 'NO_OPERATOR_AVAILABLE': {
      const licence = licenceGapText(c, u.jobId);
      if (licence) return licence;
      const ops = (u.candidates?.operatorMembershipIds ?? []).map(opName);
      if (ops.length === 0)
        return pick(
          {
            zh: '没有可派的机手（没有机手，或都按要求避开了）',
            en: 'No operator may take it (none runs machines, or all were avoided)',
          },
          lang,
        );
      return pick(
        {
          zh: `${window} 内有空闲的机器，但考虑过的 ${ops.length} 名机手（${nameList(ops, 'zh')}）在同一时段都没有 ${hours} 小时的空`,
          en: `A machine is free in ${window}, but none of the ${ops.length} operators considered (${nameList(ops, 'en')}) has ${hours} hours free at the same time`,
        },
        lang,
      );
    }
    case 'WINDOW_TOO_SHORT':
      return pick(
        {
          zh: `作业时间窗 ${window} 内的工作时间（日照、休息、每日上限之内）不够 ${hours} 小时`,
          en: `The job's window ${window} has fewer than ${hours} working hours (daylight, break and day limit)`,
        },
        lang,
      );
    case 'WINDOW_IN_PAST':
      return pick(
        {
          zh: `作业时间窗已过${sj ? `（截止 ${localSpan(sj.windowEnd, sj.windowEnd, timezone, 'zh').split('–')[0]}）` : ''}`,
          en: `The job's window is over${sj ? ` (it ended ${localSpan(sj.windowEnd, sj.windowEnd, timezone, 'en').split('–')[0]})` : ''}`,
        },
        lang,
      );
    case 'WAITS_FOR_JOB': {
      const before = (sj?.after ?? [])
        .map((id) => c.facts.jobs.find((j) => j.id === id))
        .filter((j) => j !== undefined);
      const names = before.map((j) => `${j.fieldName} ${opWord(j.operationType, lang)}`);
      return pick(
        {
          zh: `要等同一地块的${nameList(names, 'zh')}完成，而它没有排上`,
          en: `It must wait for ${nameList(names, 'en')} on the same field, which is not planned`,
        },
        lang,
      );
    }
    default:
      return pick({ zh: `未能安排（${u.reason}）：${u.detail}`, en: u.detail }, lang);
  }
}

/** A validator finding of an item in words (its code + the item's names and local times). */
export function findingText(
  c: ExplainContext,
  f: Finding & { itemIndex: number },
  item: FindingItem | undefined,
): string {
  const { lang, timezone } = c;
  if (!item) return lang === 'zh' ? `${f.code}：${f.message}` : f.message;
  const machines = [item.primaryAssetId, ...item.implementAssetIds].map((id) =>
    c.facts.machines.find((m) => m.id === id),
  );
  const names = machines.filter((m) => m !== undefined);
  const operator = c.facts.operators.find((o) => o.membershipId === item.operatorMembershipId)?.name ?? '—';
  const span = localSpan(item.startsAt, item.endsAt, timezone, lang);
  const job = c.facts.jobs.find((j) => j.id === item.jobId);
  const world = worldFindingText(c, f, item);
  if (world !== null) return world;
  switch (f.code) {
    case 'DUE_FOR_MAINTENANCE': {
      const due = names.filter((m) => m.dueForMaintenance).map((m) => m.name);
      return pick(
        {
          zh: `${nameList(due, 'zh')} 的保养在两周内到期（${span} 仍在用它）`,
          en: `${nameList(due, 'en')} is due for service within two weeks (still used ${span})`,
        },
        lang,
      );
    }
    case 'AVOIDED_MACHINE':
      return pick(
        {
          zh: `按要求应避开的机器被用上了：${nameList(
            names.map((m) => m.name),
            'zh',
          )}`,
          en: `A machine you asked to avoid is used: ${nameList(
            names.map((m) => m.name),
            'en',
          )}`,
        },
        lang,
      );
    case 'AVOIDED_OPERATOR':
      return pick(
        {
          zh: `按要求应避开的机手被派上了：${operator}`,
          en: `An operator you asked to avoid is given the job: ${operator}`,
        },
        lang,
      );
    case 'OUTSIDE_WORKING_HOURS':
      return pick({ zh: `${span} 超出了工作时间`, en: `${span} runs outside working hours` }, lang);
    case 'SHORTER_THAN_ESTIMATE':
      return pick(
        {
          zh: `${span} 只有 ${hoursOf(item.startsAt, item.endsAt)} 小时，少于估计的 ${job?.estimatedHours ?? '?'} 小时`,
          en: `${span} is ${hoursOf(item.startsAt, item.endsAt)} h, shorter than the estimated ${job?.estimatedHours ?? '?'} h`,
        },
        lang,
      );
    case 'MACHINE_BUSY':
      return pick(
        {
          zh: `${nameList(
            names.map((m) => m.name),
            'zh',
          )} 在 ${span} 已有安排`,
          en: `${nameList(
            names.map((m) => m.name),
            'en',
          )} is already booked in ${span}`,
        },
        lang,
      );
    case 'OPERATOR_BUSY':
      return pick({ zh: `${operator} 在 ${span} 已有安排`, en: `${operator} is already booked in ${span}` }, lang);
    case 'MACHINE_NOT_ACTIVE':
      return pick(
        {
          zh: `${nameList(
            names.map((m) => m.name),
            'zh',
          )} 不在可用状态（维修中或已停用）`,
          en: `${nameList(
            names.map((m) => m.name),
            'en',
          )} is not active (in the workshop or retired)`,
        },
        lang,
      );
    case 'UNKNOWN_OPERATOR':
      return pick({ zh: `${operator} 不是可派的机手`, en: `${operator} is not an operator who runs machines` }, lang);
    case 'OUTSIDE_WINDOW': {
      // the window planned in: the job's own, cut by the goal's deadline ("12月10日前收完")
      const w = c.input.jobs.find((j) => j.id === item.jobId);
      const win = w ? localSpan(w.windowStart, w.windowEnd, timezone, lang) : null;
      return pick(
        {
          zh: `${span} 不在作业的时间窗内${win ? `（${win}）` : ''}`,
          en: `${span} is outside the job's window${win ? ` (${win})` : ''}`,
        },
        lang,
      );
    }
    case 'OUTSIDE_WORKING_DAY': {
      // which rules make the working day: daylight, the break, the day limit (the org's or the goal's)
      const o = c.input.options ?? {};
      const limit = o.maxDailyHours;
      const rules = [
        ...(o.daylight ? [pick({ zh: '日出到日落', en: 'sunrise to sunset' }, lang)] : []),
        ...(o.workBreak ? [pick({ zh: '休息时间', en: 'the break' }, lang)] : []),
        ...(limit != null
          ? [pick({ zh: `每人每天最多 ${limit} 小时`, en: `at most ${limit} h a day each` }, lang)]
          : []),
      ];
      const why = rules.length
        ? rules
        : [pick({ zh: '日出到日落、休息时间', en: 'sunrise to sunset, the break' }, lang)];
      return pick(
        {
          zh: `${span} 超出了工作日（${why.join('、')}）`,
          en: `${span} is outside the working day (${why.join(', ')})`,
        },
        lang,
      );
    }
    case 'OPERATOR_DAY_LIMIT':
      return pick(
        {
          zh: `${operator} 当天的工作时间超过了每日上限`,
          en: `${operator} would work more than the daily limit that day`,
        },
        lang,
      );
    case 'ORDER_VIOLATED':
      return pick(
        {
          zh: `${span} 开始时，同一地块前一道作业还没做完`,
          en: `It starts (${span}) before the field's earlier operation ends`,
        },
        lang,
      );
    case 'CAPABILITY_MISMATCH':
      return pick(
        {
          zh: `${nameList(
            names.map((m) => m.name),
            'zh',
          )} 不能做${job ? opWord(job.operationType, 'zh') : '这项作业'}`,
          en: `${nameList(
            names.map((m) => m.name),
            'en',
          )} cannot do ${job ? opWord(job.operationType, 'en') : 'this job'}`,
        },
        lang,
      );
    case 'STARTS_IN_PAST':
      return pick({ zh: `${span} 的开始时间已经过去`, en: `${span} starts in the past` }, lang);
    case 'UNREACHABLE_IN_TIME': {
      // the validator's figures (validator.ts words them: "needs N min for the K km from item I's field, and has G")
      const m = /needs ([\d.]+) min for the ([\d.]+) km .* and has (-?[\d.]+)/.exec(f.message);
      const who = nameList(
        names.map((x) => x.name),
        lang,
      );
      if (!m) return pick({ zh: `${who} 从上一块地赶不过来`, en: `${who} cannot drive here in time` }, lang);
      return pick(
        {
          zh: `${who} 从上一块地开过来约 ${m[2]} 公里，要 ${m[1]} 分钟，${span} 之前只留了 ${m[3]} 分钟`,
          en: `${who} needs ${m[1]} min for the ${m[2]} km from its previous field, and has ${m[3]} min before ${span}`,
        },
        lang,
      );
    }
    default:
      return lang === 'zh' ? `${f.code}：${f.message}` : f.message;
  }
}
