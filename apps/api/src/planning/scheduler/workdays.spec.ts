import { describe, expect, it } from 'vitest';
import { schedule } from './scheduler.js';
import { combine, instance, job, operator } from './test-fixtures.js';
import { validate } from './validator.js';

// Fri 4 – Tue 8 December 2026 in Shanghai; a 12 h job: more than a day's work
const D = (dayHour: string) => new Date(`2026-12-${dayHour.replace(' ', 'T')}:00+08:00`).toISOString();
const local = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000);
const input = (options: Record<string, unknown>) =>
  instance({
    now: D('03 00:00'),
    jobs: [job('j-1', { estimatedHours: 12, windowStart: D('04 00:00'), windowEnd: D('09 00:00') })],
    machines: [combine('c-1')],
    operators: [operator('o-1')],
    options: { timezone: 'Asia/Shanghai', ...options },
  });

describe("the goal's working week and day in the scheduler's calendar", () => {
  it('rest weekdays have no working hours: a job over several days skips Saturday and Sunday', () => {
    const r = schedule(input({ restWeekdays: [6, 7], workday: { startHour: 8, endHour: 16 } }));
    expect(r.items).toHaveLength(1);
    const it0 = r.items[0]!;
    expect(local(it0.startsAt).getUTCDay()).toBe(5); // Friday 08:00
    expect(local(it0.startsAt).getUTCHours()).toBe(8);
    // 8 h on Friday, the other 4 on Monday (not Saturday)
    expect(local(it0.endsAt).getUTCDay()).toBe(1);
    expect(local(it0.endsAt).getUTCHours()).toBe(12);
  });

  it('an item on a rest day is outside the working day', () => {
    const i = input({ restWeekdays: [7], workday: { startHour: 8, endHour: 16 } });
    const item = {
      jobId: 'j-1',
      primaryAssetId: 'c-1',
      implementAssetIds: [],
      operatorMembershipId: 'o-1',
      startsAt: D('06 08:00'),
      endsAt: D('06 16:00'),
    };
    expect(validate(i, [item]).violations.map((v) => v.code)).toContain('OUTSIDE_WORKING_DAY');
    const monday = { ...item, startsAt: D('07 08:00'), endsAt: D('07 16:00') };
    expect(validate(i, [monday]).violations.map((v) => v.code)).not.toContain('OUTSIDE_WORKING_DAY');
  });
});
