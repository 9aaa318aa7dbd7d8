import { addDays, todayIn, weekStart, zonedDayStart } from '@/lib/zoned-time';

export type DayRanges = { today: { from: string; to: string }; week: { from: string; to: string } };

/** The org's today and this week (Monday to Monday), as instants: the dashboard's job and booking windows. */
export function dayRanges(timeZone: string, now: Date = new Date()): DayRanges {
  const today = todayIn(timeZone, now);
  const monday = weekStart(today);
  return {
    today: { from: zonedDayStart(today, timeZone), to: zonedDayStart(addDays(today, 1), timeZone) },
    week: { from: zonedDayStart(monday, timeZone), to: zonedDayStart(addDays(monday, 7), timeZone) },
  };
}
