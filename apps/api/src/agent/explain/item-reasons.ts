/**
 * Why each item of a schedule draft is what it is, as reason codes with their parameters and
 * the sentence rendered from them in the goal's language (times in the org's zone):
 * - FITS: the machine (set) does the job's operation;
 * - ASKED_MACHINE / ASKED_OPERATOR: the goal (or a saved preference) named it;
 * - ASKED_NOT_USED: the goal named machines for it and none was taken: why (asked-reason.ts);
 * - SAME_TEAM: machine or operator belongs to the job's team;
 * - STARTS: when, and why not earlier (the window opens then / the machine or the operator is
 *   booked until then / the field's earlier operation ends then / the working day starts);
 * - AVOIDED: machines that could do it but were not used (in the workshop, avoided, due);
 * - CLOSE: another machine that does the operation and was free for the same hours (or none);
 * - OPERATOR: who drives and that they were free.
 */
import type { ScheduleItem } from '../../planning/scheduler/types.js';
import type { ExplainContext } from './findings.js';
import { machineExclusion } from './findings.js';
import { localSpan, localWhen, nameList, opWord, type ItemReason } from './wording.js';
import { fasterThan } from './item-work.js';
import { askedNotUsedReason } from './asked-reason.js';

export type { ItemReason } from './wording.js';

interface Interval {
  s: number;
  e: number;
  label?: string;
}

const overlaps = (a: Interval, s: number, e: number) => a.s < e && s < a.e;

export function itemReasons(
  c: ExplainContext,
  item: Omit<ScheduleItem, 'itemKey'>,
  all: readonly Omit<ScheduleItem, 'itemKey'>[],
  teamNames: ReadonlyMap<string, string>,
): ItemReason[] {
  const { lang, timezone } = c;
  const zh = lang === 'zh';
  const o = c.input.options ?? {};
  const job = c.facts.jobs.find((j) => j.id === item.jobId);
  const sj = c.input.jobs.find((j) => j.id === item.jobId);
  if (!job || !sj) return [];
  const op = opWord(job.operationType, lang);
  const s = Date.parse(item.startsAt);
  const e = Date.parse(item.endsAt);
  const machine = c.facts.machines.find((m) => m.id === item.primaryAssetId);
  const implNames = item.implementAssetIds.map(
    (id) => c.facts.machines.find((m) => m.id === id)?.name ?? id.slice(0, 8),
  );
  const setName = [machine?.name ?? item.primaryAssetId.slice(0, 8), ...implNames].join(' + ');
  const operator = c.facts.operators.find((p) => p.membershipId === item.operatorMembershipId);
  const out: ItemReason[] = [];
  const add = (code: string, params: Record<string, string | number>, text: string) => out.push({ code, params, text });

  add(
    'FITS',
    { machine: setName, operation: job.operationType },
    zh ? `${setName} 能做${op}` : `${setName} does ${op}`,
  );
  const asked = [item.primaryAssetId, ...item.implementAssetIds].filter((id) => o.preferAssetIds?.includes(id));
  if (asked.length)
    add('ASKED_MACHINE', { machine: setName }, zh ? `按要求优先用 ${setName}` : `you asked for ${setName}`);
  const notAsked = askedNotUsedReason(c, item, all, setName);
  if (notAsked) out.push(notAsked);
  if (job.teamId && machine?.teamId === job.teamId) {
    const team = teamNames.get(job.teamId) ?? '';
    add(
      'SAME_TEAM',
      { machine: setName, team },
      zh
        ? `${setName} 属于该作业所在的${team || '队'}`
        : `${setName} belongs to the job's team${team ? ` ${team}` : ''}`,
    );
  }

  // when, and why not earlier
  const opens = Math.max(Date.parse(sj.windowStart), Date.parse(c.input.now));
  const span = localSpan(item.startsAt, item.endsAt, timezone, lang);
  const busyOf = (ids: string[], person: string): Interval[] => [
    ...c.input.busy.machines
      .filter((b) => ids.includes(b.assetId))
      .map((b) => ({ s: Date.parse(b.startsAt), e: Date.parse(b.endsAt) })),
    ...c.input.busy.operators
      .filter((b) => b.membershipId === person)
      .map((b) => ({ s: Date.parse(b.startsAt), e: Date.parse(b.endsAt) })),
    ...all
      .filter(
        (x) =>
          x !== item &&
          (x.operatorMembershipId === person ||
            [x.primaryAssetId, ...x.implementAssetIds].some((id) => ids.includes(id))),
      )
      .map((x) => ({ s: Date.parse(x.startsAt), e: Date.parse(x.endsAt) })),
  ];
  const ids = [item.primaryAssetId, ...item.implementAssetIds];
  if (s - opens < 30 * 60_000) {
    add(
      'STARTS',
      { at: item.startsAt, cause: 'WINDOW_OPENS' },
      zh ? `${span}：作业时间窗一开就开工` : `${span}: as soon as the job's window opens`,
    );
  } else {
    const preds = (sj.after ?? []).map((id) => all.find((x) => x.jobId === id)).filter((x) => x !== undefined);
    const predEnd = Math.max(0, ...preds.map((x) => Date.parse(x.endsAt)));
    const blockers = busyOf(ids, item.operatorMembershipId).filter((b) => b.e > opens && b.s < s);
    const blockedUntil = Math.max(0, ...blockers.map((b) => b.e));
    if (predEnd > 0 && predEnd >= blockedUntil) {
      add(
        'STARTS',
        { at: item.startsAt, cause: 'AFTER_EARLIER_OPERATION' },
        zh
          ? `${span}：等同一地块前一道作业 ${localWhen(new Date(predEnd).toISOString(), timezone, lang)} 做完`
          : `${span}: after the field's earlier operation ends ${localWhen(new Date(predEnd).toISOString(), timezone, lang)}`,
      );
    } else if (blockedUntil > 0) {
      add(
        'STARTS',
        { at: item.startsAt, cause: 'BOOKED_BEFORE' },
        zh
          ? `${span}：机器或机手在 ${localWhen(new Date(blockedUntil).toISOString(), timezone, lang)} 之前已有安排，这是最早的空档`
          : `${span}: the machine or the operator is booked until ${localWhen(new Date(blockedUntil).toISOString(), timezone, lang)}; this is the earliest free time`,
      );
    } else if (Date.parse(sj.windowStart) > Date.parse(c.input.now)) {
      const from = localWhen(sj.windowStart, timezone, lang);
      add(
        'STARTS',
        { at: item.startsAt, cause: 'WINDOW_OPENS' },
        zh
          ? `${span}：作业时间窗 ${from} 起，第一个工作时段（日照、休息之内）就开工`
          : `${span}: the first working hours (daylight, break) after the job's window opens ${from}`,
      );
    } else {
      add(
        'STARTS',
        { at: item.startsAt, cause: 'WORKING_DAY' },
        zh
          ? `${span}：从现在起最早的工作时间（日照、休息、每日上限之内）`
          : `${span}: the earliest working hours from now (daylight, break, day limit)`,
      );
    }
  }

  // what else could have done it
  const capable = c.facts.machines.filter(
    (m) => m.operationTypes.includes(job.operationType) && m.kind !== 'IMPLEMENT' && !ids.includes(m.id),
  );
  const avoided = capable
    .map((m) => ({ m, why: machineExclusion(c, m.id) }))
    .filter((x) => x.why !== null)
    .map((x) => (zh ? `${x.m.name}（${x.why!.zh}）` : `${x.m.name} (${x.why!.en})`));
  if (avoided.length)
    add(
      'AVOIDED',
      { machines: avoided.length },
      zh ? `没用：${nameList(avoided, 'zh')}` : `not used: ${nameList(avoided, 'en')}`,
    );
  const freeMachines = capable
    .filter((m) => machineExclusion(c, m.id) === null)
    .filter((m) => !busyOf([m.id], '\u0000').some((b) => overlaps(b, s, e)));
  const free = freeMachines.map((m) => m.name);
  if (free.length) {
    // why the chosen one over the free alternatives, as far as the facts say: the scheduler gives
    // a job to the set that finishes first, so a faster set than every free one says so
    const teamWin = job.teamId && machine?.teamId === job.teamId;
    const faster = fasterThan(c, item, freeMachines, job.operationType);
    const why = asked.length
      ? zh
        ? '按要求'
        : 'as asked'
      : faster
        ? zh
          ? `产量更高（${faster.rate} 对 ${faster.best} 公顷/小时），完工更早`
          : `higher output (${faster.rate} against ${faster.best} ha/h), done sooner`
        : teamWin
          ? zh
            ? '同队'
            : "of the job's team"
          : zh
            ? '两者都可用，按排程顺序'
            : 'either would do; by the scheduling order';
    add(
      'CLOSE',
      { machines: free.length },
      zh
        ? `同一时段也有空：${nameList(free, 'zh', 3)}（选 ${setName}：${why}）`
        : `also free then: ${nameList(free, 'en', 3)} (${setName}: ${why})`,
    );
  } else
    add(
      'CLOSE',
      { machines: 0 },
      zh ? `同一时段没有别的能做${op}的空闲机器` : `no other machine that does ${op} is free then`,
    );

  if (operator) {
    const person = o.preferOperatorIds?.includes(operator.membershipId)
      ? zh
        ? '按要求指定'
        : 'as you asked'
      : job.teamId && operator.teamIds.includes(job.teamId)
        ? zh
          ? '同队机手，这段时间有空'
          : "of the job's team and free then"
        : zh
          ? '这段时间有空'
          : 'free then';
    add(
      'OPERATOR',
      { operator: operator.name },
      zh ? `机手 ${operator.name}：${person}` : `operator ${operator.name}: ${person}`,
    );
  }
  return out;
}
