import { describe, expect, it } from 'vitest';
import type { TBusySpan } from '@amms/contracts/jobs';
import { clashes, nearestFreeSlot } from './availability';

const h = (hour: number) => Date.parse(`2027-06-01T00:00:00.000Z`) + hour * 3_600_000;
const span = (from: number, to: number): TBusySpan => ({
  startsAt: new Date(h(from)).toISOString(),
  endsAt: new Date(h(to)).toISOString(),
  kind: 'JOB',
  jobId: null,
  workOrderId: null,
});
const window = { start: h(0), end: h(48) };

describe('availability for a slot', () => {
  it('finds the bookings that overlap a half-open slot; touching ends are free', () => {
    const busy = [span(8, 12), span(14, 16)];
    expect(clashes(busy, { start: h(10), end: h(11) })).toEqual([busy[0]]);
    expect(clashes(busy, { start: h(12), end: h(14) })).toEqual([]);
    expect(clashes(busy, { start: h(11), end: h(15) })).toEqual(busy);
  });

  it('suggests the nearest free slot of the same length for every chosen resource together', () => {
    const machine = [span(8, 12)];
    const operator = [span(12, 14)];
    // 09–13 clashes with both: 04–08 and 14–18 are both 5 h away and free for both; the earlier wins
    expect(nearestFreeSlot([machine, operator], { start: h(9), end: h(13) }, window)).toEqual({
      start: h(4),
      end: h(8),
    });
    // already free: the slot itself
    expect(nearestFreeSlot([machine], { start: h(13), end: h(15) }, window)).toEqual({ start: h(13), end: h(15) });
  });

  it('stays inside the window and says when nothing fits', () => {
    const narrow = { start: h(8), end: h(14) };
    expect(nearestFreeSlot([[span(8, 12)]], { start: h(8), end: h(12) }, narrow)).toBeNull();
    expect(nearestFreeSlot([[span(8, 10)]], { start: h(8), end: h(12) }, narrow)).toEqual({ start: h(10), end: h(14) });
  });
});
