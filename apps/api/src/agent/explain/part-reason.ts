import { schedule } from '../../planning/scheduler/scheduler.js';
import { busyWith } from '../../planning/scheduler/split-jobs.js';
import { crewCapacity, type CrewCapacity } from '../../planning/scheduler/split-sizing.js';
import type { ScheduleItem } from '../../planning/scheduler/types.js';
import type { ExplainContext } from './findings.js';
import { shareWords, tenth } from './share-words.js';
import { localSpan, localWhen, opWord, type ItemReason } from './wording.js';

type Item = Omit<ScheduleItem, 'itemKey'>;

const one = (n: number) => (Math.round(n * 100) / 100).toString();

/**
 * PART: a split job's item says which part it is, its share (hectares and about how many hours),
 * why that share (the machine's output and the hours it has free in the window; the shares are sized
 * so the field is done soonest, each machine working its earliest free hours: split-sizing.ts), who
 * does the other parts and when, and why the job is split: the
 * person asked for it (an edit: `asked`), or one machine set cannot finish the field inside its
 * window (the scheduler split it).
 */
export function partReason(c: ExplainContext, it: Item, items: readonly Item[], asked: boolean): ItemReason | null {
  const p = it.part;
  if (!p) return null;
  const zh = c.lang === 'zh';
  const job = c.input.jobs.find((j) => j.id === it.jobId);
  const name = (id: string) => c.input.machines.find((m) => m.id === id)?.name ?? id.slice(0, 8);
  const total = job?.areaHa ?? null;
  const mine = items.filter((o) => o.jobId === it.jobId && o.part);
  // what this crew can do in the window, measured as the split sizing measured it
  const from = asked ? mine.map((o) => o.startsAt).sort()[0]! : job?.windowStart;
  // the field is done when its last part is: the hours each machine has free until then size its share
  const done = mine
    .map((o) => o.endsAt)
    .sort()
    .at(-1)!;
  const cap: CrewCapacity | null = job
    ? crewCapacity(
        c.input,
        job,
        it,
        busyWith(
          c.input,
          items.filter((o) => o.jobId !== it.jobId),
          job,
        ),
        schedule,
        { from, until: Date.parse(done) },
      )
    : null;
  const share = (o: Item) => shareWords(c, job, o);
  const others = mine
    .filter((o) => o.part!.index !== p.index)
    .sort((a, b) => a.part!.index - b.part!.index)
    .map((o) =>
      zh
        ? `第${o.part!.index}块 ${share(o)}由 ${name(o.primaryAssetId)} 负责（${localSpan(o.startsAt, o.endsAt, c.timezone, c.lang)}）`
        : `part ${o.part!.index}, ${share(o)}, on ${name(o.primaryAssetId)} (${localSpan(o.startsAt, o.endsAt, c.timezone, c.lang)})`,
    );
  const op = job ? opWord(job.operationType, c.lang) : '';
  // one machine free in two stretches before the finish works two parts: machines, not parts, are counted
  const machines = new Set(mine.map((o) => o.primaryAssetId)).size;
  const why = asked
    ? zh
      ? `按要求由${machines}台机器分块${op}`
      : `split across ${machines} machines as asked`
    : zh
      ? `一台机器在作业时间窗内${op}不完${total ? ` ${one(total)} 公顷` : ''}，分成${p.of}块`
      : `one machine cannot finish ${total ? `${one(total)} ha of ` : ''}${op.toLowerCase()} inside the window, so it is split in ${p.of}`;
  const sized = cap?.hours
    ? zh
      ? `，按各台能干的量分、各台先用最早的空闲时段，让全块尽早收完：它每小时约 ${one(cap.rateHaPerHour)} 公顷，到全块收完（${localWhen(done, c.timezone, c.lang)}）可用约 ${tenth(cap.hours)} 小时（最多 ${tenth(cap.areaHa)} 公顷）`
      : `; shares follow what each machine can do, each working its earliest free hours so the field is done soonest: it works about ${one(cap.rateHaPerHour)} ha/h and has about ${tenth(cap.hours)} h free until the field is done (${localWhen(done, c.timezone, c.lang)}; ${tenth(cap.areaHa)} ha at most)`
    : '';
  const text = zh
    ? `分块作业：${why}；这是第${p.index}/${p.of}块，${share(it)}由 ${name(it.primaryAssetId)} 负责${total ? `（全块 ${one(total)} 公顷）` : ''}${sized}${others.length ? `；其余：${others.join('；')}` : ''}`
    : `split job: ${why}; this is part ${p.index}/${p.of}, ${share(it)}${total ? ` of ${one(total)} ha` : ''}, on ${name(it.primaryAssetId)}${sized}${others.length ? `; the rest: ${others.join('; ')}` : ''}`;
  return {
    code: 'PART',
    params: {
      index: p.index,
      of: p.of,
      areaHa: p.areaHa,
      ...(total ? { jobAreaHa: total } : {}),
      ...(cap ? { rateHaPerHour: cap.rateHaPerHour, freeHours: cap.hours } : {}),
      why: asked ? 'ASKED' : 'WINDOW',
    },
    text,
  };
}
