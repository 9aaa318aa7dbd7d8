import { format } from '@/i18n/dictionaries';
import type { Locale } from '@/i18n/locales';
import { defineMessages } from '@/i18n/messages';
import { formatNumber } from './format';

const dueWords = defineMessages(
  {
    overdueDays: '已逾期 {n} 天',
    remainingDays: '还剩 {n} 天',
    overdueHours: '已超出 {n} 小时',
    remainingHours: '还剩 {n} 小时',
    byDate: '按日期{text}',
    byHours: '按小时{text}',
    both: '{date}；{hours}',
  },
  {
    overdueDays: '{n} days overdue',
    remainingDays: '{n} days left',
    overdueHours: '{n} h over',
    remainingHours: '{n} h left',
    byDate: 'by date {text}',
    byHours: 'by hours {text}',
    both: '{date}; {hours}',
  },
);

/**
 * How far a maintenance plan is from due, in one clear sentence. A plan that is due by date and by
 * hours (whichever comes first) names each measure when both are given, so "overdue by date, 250 h
 * left by hours" never reads as "312 days overdue · 250 hours left". Null when neither is known.
 */
export function dueText(
  due: { remainingDays: number | null; remainingHours: number | null },
  locale: Locale,
  digits = 0,
): string | null {
  const w = dueWords[locale];
  const n = (v: number) => formatNumber(Math.abs(v), locale, digits);
  const date =
    due.remainingDays === null
      ? null
      : format(due.remainingDays < 0 ? w.overdueDays : w.remainingDays, { n: n(due.remainingDays) });
  const hours =
    due.remainingHours === null
      ? null
      : format(due.remainingHours < 0 ? w.overdueHours : w.remainingHours, { n: n(due.remainingHours) });
  if (date && hours)
    return format(w.both, { date: format(w.byDate, { text: date }), hours: format(w.byHours, { text: hours }) });
  return date ?? hours;
}
