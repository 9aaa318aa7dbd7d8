/** Words a dispatcher reads: local times in the org's zone, operations and lists in the goal's language. */
import { enumWord } from '@amms/contracts/enum-labels';

export type Lang = 'zh' | 'en';

/** one reason of a draft item: its code, parameters and the sentence in the goal's language */
export interface ItemReason {
  code: string;
  params: Record<string, string | number>;
  text: string;
}

/** "12/9周三 07:00" / "Wed 09/12, 07:00": the instant in the org's zone (never UTC unless the org is). */
export function localWhen(iso: string, timezone: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', {
    timeZone: timezone,
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}

/** the local time of day only ("16:30") */
export function localClock(iso: string, timezone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}

/** [from, to): both ends local; the second end without its date when it is the same local day. */
export function localSpan(from: string, to: string, timezone: string, lang: Lang): string {
  const day = (iso: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(iso),
    );
  const sameDay = day(from) === day(new Date(Date.parse(to) - 1).toISOString());
  // a span ending at the next midnight reads "24:00" on its own day
  const clock = localClock(to, timezone);
  const end = sameDay ? (clock === '00:00' && to !== from ? '24:00' : clock) : localWhen(to, timezone, lang);
  return `${localWhen(from, timezone, lang)}–${end}`;
}

export const opWord = (op: string, lang: Lang) => enumWord(lang === 'zh' ? 'zh-CN' : 'en', 'planningOperation', op);

/** "A、B、C 等 9 台" / "A, B, C and 6 more" (at most `max` names) */
export function nameList(names: readonly string[], lang: Lang, max = 5): string {
  const shown = names.slice(0, max);
  const more = names.length - shown.length;
  if (lang === 'zh') return `${shown.join('、')}${more > 0 ? ` 等 ${names.length} 个` : ''}`;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** working hours of [from, to) in hours, one decimal */
export const hoursOf = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 360_000) / 10;
