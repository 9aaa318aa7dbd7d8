/** The record and the words of a follow-up edit: what changed item by item, and the summary in the goal's language. */
import type { TDraftDetail, TDraftItem, TRunEdit } from '@amms/contracts/drafts';
import { diffItems } from '../../drafts/drafts.versions.js';
import { localWhen as when, type Lang } from '../explain/wording.js';

const side = (i: TDraftItem) => ({
  machine: i.primaryAssetName,
  operator: i.operatorName,
  startsAt: i.startsAt,
  endsAt: i.endsAt,
});

export function editRecord(
  draftId: string,
  before: readonly TDraftItem[],
  after: readonly TDraftItem[],
  basedOnVersion: number,
  version: number,
  violations: number,
): TRunEdit {
  const diff = diffItems(before, after);
  const b = new Map(before.map((i) => [i.jobId, i]));
  const changes = after
    .filter((i) => diff.changed.includes(i.jobId))
    .map((i) => ({
      jobId: i.jobId,
      title: i.job?.title ?? null,
      fieldName: i.job?.fieldName ?? null,
      before: side(b.get(i.jobId)!),
      after: side(i),
    }));
  return { draftId, basedOnVersion, version, diff, changes, violations };
}

/** "已生成草案第2版（基于第1版），改动1项：东岗3号地 收割机1 张三 12/9周三 07:00 → 12/10周四 07:00。" */
export function describeEdit(
  edit: TRunEdit,
  violations: string[],
  tz: string,
  lang: Lang,
  notes: readonly string[] = [],
): string {
  const zh = lang === 'zh';
  const lines = edit.changes.map((c) => {
    const parts: string[] = [];
    if (c.before.startsAt !== c.after.startsAt || c.before.endsAt !== c.after.endsAt)
      parts.push(`${when(c.before.startsAt, tz, lang)} → ${when(c.after.startsAt, tz, lang)}`);
    if (c.before.machine !== c.after.machine) parts.push(`${c.before.machine ?? '—'} → ${c.after.machine ?? '—'}`);
    if (c.before.operator !== c.after.operator) parts.push(`${c.before.operator ?? '—'} → ${c.after.operator ?? '—'}`);
    return `${c.fieldName ?? c.title ?? c.jobId.slice(0, 8)}${zh ? '：' : ': '}${parts.join(zh ? '，' : ', ')}`;
  });
  const head = zh
    ? `已生成草案第${edit.version}版（基于第${edit.basedOnVersion}版），改动${edit.changes.length}项：`
    : `Draft version ${edit.version} (based on version ${edit.basedOnVersion}) changes ${edit.changes.length} item(s): `;
  const tail = violations.length
    ? zh
      ? `注意：新版本有${violations.length}个问题，确认前需要处理：${violations.slice(0, 3).join('；')}`
      : `Note: the new version has ${violations.length} problem(s) to fix before it can be confirmed: ${violations.slice(0, 3).join('; ')}`
    : zh
      ? '校验通过，可以确认。'
      : 'It passes validation and can be confirmed.';
  // the goal's language throughout: Chinese punctuation only in Chinese
  const stop = zh ? '。' : '. ';
  const why = notes.length ? `${notes.join(zh ? '；' : '; ')}${stop}` : '';
  return `${head}${lines.join(zh ? '；' : '; ')}${stop}${why}${tail}`.slice(0, 2000);
}

/** The edited draft's new current version and its record against the items it was made from. */
export function nextVersionEdit(
  draft: { id: string; currentVersion: number },
  before: readonly TDraftItem[],
  after: TDraftDetail,
): { next: TDraftDetail['versions'][number]; edit: TRunEdit } {
  const next = after.versions.find((v) => v.version === after.currentVersion)!;
  const edit = editRecord(
    draft.id,
    before,
    next.items,
    draft.currentVersion,
    next.version,
    next.validation.violations.length,
  );
  return { next, edit };
}
