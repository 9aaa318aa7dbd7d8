import type { ScheduleItem } from '../../planning/scheduler/types.js';
import type { ExplainContext } from './findings.js';
import { localSpan, opWord, type ItemReason } from './wording.js';

const one = (n: number) => (Math.round(n * 100) / 100).toString();

/**
 * PART: a split job's item says which part it is (its hectares of the field's), who does the
 * other parts and when, and why the job is split: the person asked for it (an edit: `asked`),
 * or one machine set cannot finish the field inside its window (the scheduler split it).
 */
export function partReason(
  c: ExplainContext,
  it: Omit<ScheduleItem, 'itemKey'>,
  items: readonly Omit<ScheduleItem, 'itemKey'>[],
  asked: boolean,
): ItemReason | null {
  const p = it.part;
  if (!p) return null;
  const zh = c.lang === 'zh';
  const job = c.input.jobs.find((j) => j.id === it.jobId);
  const name = (id: string) => c.input.machines.find((m) => m.id === id)?.name ?? id.slice(0, 8);
  const total = job?.areaHa ?? null;
  const others = items
    .filter((o) => o.jobId === it.jobId && o.part && o.part.index !== p.index)
    .sort((a, b) => a.part!.index - b.part!.index)
    .map((o) =>
      zh
        ? `第${o.part!.index}块 ${one(o.part!.areaHa)} 公顷由 ${name(o.primaryAssetId)} 做（${localSpan(o.startsAt, o.endsAt, c.timezone, c.lang)}）`
        : `part ${o.part!.index} (${one(o.part!.areaHa)} ha) on ${name(o.primaryAssetId)} (${localSpan(o.startsAt, o.endsAt, c.timezone, c.lang)})`,
    );
  const op = job ? opWord(job.operationType, c.lang) : '';
  const why = asked
    ? zh
      ? `按要求由${p.of}台机器分块${op}`
      : `split across ${p.of} machines as asked`
    : zh
      ? `一台机器在作业时间窗内${op}不完${total ? ` ${one(total)} 公顷` : ''}，分成${p.of}块`
      : `one machine cannot finish ${total ? `${one(total)} ha of ` : ''}${op.toLowerCase()} inside the window, so it is split in ${p.of}`;
  const text = zh
    ? `分块作业：${why}；这是第${p.index}/${p.of}块，${name(it.primaryAssetId)} 做 ${one(p.areaHa)} 公顷${total ? `（全块 ${one(total)} 公顷）` : ''}${others.length ? `；${others.join('；')}` : ''}`
    : `split job: ${why}; this is part ${p.index}/${p.of}, ${one(p.areaHa)} ha${total ? ` of ${one(total)} ha` : ''} on ${name(it.primaryAssetId)}${others.length ? `; ${others.join('; ')}` : ''}`;
  return {
    code: 'PART',
    params: {
      index: p.index,
      of: p.of,
      areaHa: p.areaHa,
      ...(total ? { jobAreaHa: total } : {}),
      why: asked ? 'ASKED' : 'WINDOW',
    },
    text,
  };
}
