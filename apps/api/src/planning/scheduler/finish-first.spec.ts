import { describe, expect, it } from 'vitest';
import { schedule } from './scheduler.js';
import { combine, instance, job, L, operator } from './test-fixtures.js';
import { validate } from './validator.js';

/**
 * A dispatcher judges a plan by when the work is done, not when it starts: the big field waits
 * for the fast combine when that finishes first (the seeded demo: 74 ha on a 1.5 ha/h GN70 from
 * Tuesday to Sunday while the 5.8 ha/h Lexion stood idle after 10:00 on Tuesday).
 */
describe('finish first', () => {
  const machines = [
    combine('c-small', { ratesHaPerHour: { HARVESTING: 1.5 } }),
    combine('c-big', { ratesHaPerHour: { HARVESTING: 6 } }),
  ];
  // the big combine is busy until Monday 10:00; the small one is free all week
  const busy = { machines: [{ assetId: 'c-big', startsAt: L('01 00:00'), endsAt: L('02 10:00') }], operators: [] };

  it('a large field waits three hours for the fast combine rather than take the slow one for days', () => {
    const input = instance({
      machines,
      operators: [operator('o-1'), operator('o-2')],
      busy,
      jobs: [job('big', { areaHa: 60, priority: 4, windowEnd: L('08 00:00') })],
    });
    const r = schedule(input);
    expect(r.items).toHaveLength(1);
    // 60 ha ÷ 6 ha/h = 10 h: Monday 10:00–19:00 and one hour on Tuesday (not 40 h on the small one)
    expect(r.items[0]).toMatchObject({ primaryAssetId: 'c-big', startsAt: L('02 10:00'), endsAt: L('03 08:00') });
    expect(validate(input, r.items).ok).toBe(true);
  });

  it('a small field still takes the free slow combine at once when that finishes first', () => {
    const input = instance({
      machines,
      busy,
      jobs: [job('small', { areaHa: 3, windowEnd: L('08 00:00') })],
    });
    // 2 h on the small one from 07:00 ends 09:00, before the big one is even free
    expect(schedule(input).items[0]).toMatchObject({ primaryAssetId: 'c-small', startsAt: L('02 07:00') });
  });
});
