import type { TDraftItem, TEditedItem } from '@amms/contracts/drafts';
import { isoWeekday, localToday, type LocalDate } from '../planner/calendar.js';
import type { DayRef, EditSelector } from './edit-grammar.js';
import type { RepairAsk } from './edit-repair.js';

/** What an edit selects in the draft and the words its answers use (shared by edit-apply.ts and edit-replace.ts). */

export type Lang = 'zh' | 'en';
export type EditResult =
  /** `asks`: per changed item, what the words fixed (the rest may be repaired: edit-repair.ts) */
  | { kind: 'edit'; items: TEditedItem[]; changed: string[]; asks: RepairAsk[]; replacing?: boolean }
  | { kind: 'question'; question: string }
  | { kind: 'nothing'; message: string };

export const DAY_MS = 86_400_000;
export const localDateOf = (iso: string, tz: string): LocalDate => localToday(new Date(iso), tz);
const WD_ZH = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'];
const WD_EN = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const dayLabel = (d: LocalDate, lang: Lang) => {
  const [, m, day] = d.split('-').map(Number);
  return lang === 'zh' ? `${m}月${day}日（${WD_ZH[isoWeekday(d)]}）` : `${WD_EN[isoWeekday(d)]} ${d}`;
};
export const list = (xs: string[], lang: Lang) => [...new Set(xs)].join(lang === 'zh' ? '、' : ', ');
export const itemLabel = (i: TDraftItem, tz: string, lang: Lang) =>
  `${i.job?.fieldName ?? i.jobId.slice(0, 8)} ${dayLabel(localDateOf(i.startsAt, tz), lang)}`;

export const toEdited = (i: TDraftItem): TEditedItem => ({
  jobId: i.jobId,
  primaryAssetId: i.primaryAssetId,
  implementAssetIds: [...i.implementAssetIds],
  operatorMembershipId: i.operatorMembershipId,
  startsAt: i.startsAt,
  endsAt: i.endsAt,
  ...(i.part ? { part: { ...i.part } } : {}),
});

const matchesDay = (d: DayRef, local: LocalDate) =>
  d.kind === 'weekday' ? isoWeekday(local) === d.wd : d.date === local;

/** The items the selector names; an empty selector selects every item. */
export function select(items: readonly TDraftItem[], s: EditSelector, tz: string): TDraftItem[] {
  return items.filter((i) => {
    const local = localDateOf(i.startsAt, tz);
    if (s.days.length && !s.days.some((d) => matchesDay(d, local))) return false;
    if (s.during && (local > s.during.to || localDateOf(i.endsAt, tz) < s.during.from)) return false;
    if (s.fields.length && !s.fields.some((f) => f.name === i.job?.fieldName)) return false;
    if (s.assets.length && !s.assets.some((a) => a.id === i.primaryAssetId || i.implementAssetIds.includes(a.id)))
      return false;
    if (s.operators.length && !s.operators.some((o) => o.id === i.operatorMembershipId)) return false;
    return true;
  });
}

export const described = (s: EditSelector, lang: Lang) =>
  [
    ...s.days.map((d) => d.text),
    ...(s.during ? [s.during.from === s.during.to ? s.during.from : `${s.during.from}..${s.during.to}`] : []),
    ...s.fields.map((f) => f.name),
    ...s.assets.map((a) => a.name),
    ...s.operators.map((o) => o.name),
  ].join(lang === 'zh' ? '、' : ', ');
