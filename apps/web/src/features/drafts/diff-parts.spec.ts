import { describe, expect, it } from 'vitest';
import { diffItems, jobName } from './diff';
import { draftItem, id } from './test-items';

const op = (o: string) => o;

describe('a split job in the draft views', () => {
  const whole = draftItem(1);
  const p1 = draftItem(1, { itemKey: 'k1a', part: { index: 1, of: 2, areaHa: 15 } });
  const p2 = draftItem(1, {
    itemKey: 'k1b',
    primaryAssetId: id(102),
    primaryAssetName: 'Harvester 2',
    part: { index: 2, of: 2, areaHa: 15 },
  });

  it('each part is labelled with its number and hectares', () => {
    expect(jobName(p1, op)).toBe('Job 1 · 1/2 · 15 ha');
    expect(jobName(p2, op)).toBe('Job 1 · 2/2 · 15 ha');
    expect(jobName(whole, op)).toBe('Job 1');
  });

  it('the whole item replaced by two parts: both parts added, the whole one removed', () => {
    const d = diffItems([whole], [p1, p2]);
    expect(d.added.map((i) => i.itemKey)).toEqual(['k1a', 'k1b']);
    expect(d.removed.map((i) => i.itemKey)).toEqual(['k1']);
    expect(d.changed).toEqual([]);
  });

  it('a part moved to another machine is a change of that part only', () => {
    const moved = { ...p2, primaryAssetId: id(103) };
    const d = diffItems([p1, p2], [p1, moved]);
    expect(d.changed.map((c) => [c.after.itemKey, c.machine])).toEqual([['k1b', true]]);
  });
});
