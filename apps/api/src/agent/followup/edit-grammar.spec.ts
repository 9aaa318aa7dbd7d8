import { describe, expect, it } from 'vitest';
import { parseEdit } from './edit-grammar.js';

const WED = '2026-12-02';
const known = {
  fields: [
    { id: 'f3', name: '东岗3号地' },
    { id: 'f7', name: 'River field' },
  ],
  assets: [
    { id: 'a1', name: '收割机1' },
    { id: 'a2', name: '收割机2' },
  ],
  operators: [
    { id: 'o1', name: '李明' },
    { id: 'o2', name: 'Zhang San' },
  ],
};
const read = (goal: string) => parseEdit(goal, known, WED);

describe('follow-up edit grammar', () => {
  it.each([
    ['那把周三的改到周四', 3, 4],
    ['周三的挪到周四吧', 3, 4],
    ['把星期五的作业都推迟到星期六', 5, 6],
    ["move Wednesday's to Thursday", 3, 4],
    ["shift Friday's jobs to Saturday", 5, 6],
  ])('%s → MOVE weekday %i → %i', (goal, from, to) => {
    const c = read(goal);
    expect(c?.kind).toBe('MOVE');
    if (c?.kind !== 'MOVE') return;
    expect(c.select.days).toMatchObject([{ kind: 'weekday', wd: from }]);
    expect(c.to).toMatchObject({ kind: 'weekday', wd: to });
  });

  it('moves to a dated day and selects by field', () => {
    const c = read('把东岗三号地的改到下周一');
    expect(c).toMatchObject({
      kind: 'MOVE',
      select: { fields: [{ id: 'f3' }] },
      to: { kind: 'date', date: '2026-12-07' },
    });
    expect(read('周三的改到12月10日')).toMatchObject({ kind: 'MOVE', to: { kind: 'date', date: '2026-12-10' } });
  });

  it.each([
    ['换成那台S780', null, 'S780', {}],
    ['换成收割机2', 'a2', '收割机2', {}],
    ['把收割机1换成收割机2', 'a2', '收割机2', { assets: [{ id: 'a1' }] }],
    ['用收割机2代替', 'a2', '收割机2', {}],
    ['use the S780 instead', null, 'S780', {}],
    ['replace 收割机1 with 收割机2', 'a2', '收割机2', { assets: [{ id: 'a1' }] }],
    ['周三的换成克拉斯', null, '克拉斯', { days: [{ wd: 3 }] }],
  ])('%s → MACHINE', (goal, id, phrase, select) => {
    const c = read(goal);
    expect(c?.kind).toBe('MACHINE');
    if (c?.kind !== 'MACHINE') return;
    expect(c.asset?.id ?? null).toBe(id);
    expect(c.phrase).toBe(phrase);
    expect(c.select).toMatchObject(select);
  });

  it.each([
    ['把东岗3号地的换给李明', { fields: [{ id: 'f3' }] }],
    ['周三的改由李明来开', { days: [{ wd: 3 }] }],
    ['周三的活都交给李明', { days: [{ wd: 3 }] }],
    ["give River field's job to Zhang San", { fields: [{ id: 'f7' }] }],
    ['replace 李明 with Zhang San', { operators: [{ id: 'o1' }] }],
  ])('%s → OPERATOR', (goal, select) => {
    const c = read(goal);
    expect(c?.kind).toBe('OPERATOR');
    expect(c?.select).toMatchObject(select);
  });

  it.each([
    ['东岗3号地往后推一天', 1, { fields: [{ id: 'f3' }] }],
    ['把周三的都推迟两天', 2, { days: [{ wd: 3 }] }],
    ['东岗3号地的提前一天', -1, { fields: [{ id: 'f3' }] }],
    ['都往后挪一个星期', 7, {}],
    ['李明的晚一天', 1, { operators: [{ id: 'o1' }] }],
    ["push River field's job back a day", 1, { fields: [{ id: 'f7' }] }],
    ["move Wednesday's two days earlier", -2, { days: [{ wd: 3 }] }],
    ['River field a day later please', 1, { fields: [{ id: 'f7' }] }],
    ['bring River field forward by one day', -1, { fields: [{ id: 'f7' }] }],
  ])('%s → MOVE by %i days', (goal, days, select) => {
    const c = read(goal);
    expect(c?.kind).toBe('MOVE');
    if (c?.kind !== 'MOVE') return;
    expect(c.to).toMatchObject({ kind: 'shift', days });
    expect(c.select).toMatchObject(select);
  });

  it.each([
    ['东岗3号地用GN70收', 'MACHINE', null, 'GN70', { fields: [{ id: 'f3' }] }],
    ['东岗3号地就用收割机2收吧', 'MACHINE', 'a2', '收割机2', { fields: [{ id: 'f3' }] }],
    ['周三的用那台克拉斯来收', 'MACHINE', null, '克拉斯', { days: [{ wd: 3 }] }],
    ['东岗3号地让李明来开', 'OPERATOR', 'o1', null, { fields: [{ id: 'f3' }] }],
    ['use the GN70 for River field', 'MACHINE', null, 'GN70', { fields: [{ id: 'f7' }] }],
  ])('%s → a loose %s edit', (goal, kind, id, phrase, select) => {
    const c = read(goal);
    expect(c).toMatchObject({ kind, loose: true, select });
    if (c?.kind === 'MACHINE') {
      expect(c.asset?.id ?? null).toBe(id);
      expect(c.phrase).toBe(phrase);
    }
    if (c?.kind === 'OPERATOR') expect(c.operator.id).toBe(id);
  });

  it.each([
    '安排下周东岗3号地的收获',
    '用收割机2收',
    '东岗3号地用GN70收完以后再安排运输',
    '晚上别干活',
    '安排下周收获，优先让李明开',
    'plan next week, use 收割机2',
    '下周三收获，避开收割机1',
    'schedule the harvest on Wednesday',
    '上个月哪台收割机干的活最多？',
  ])('%s is a new goal, not an edit', (goal) => {
    expect(read(goal)).toBeNull();
  });
});
