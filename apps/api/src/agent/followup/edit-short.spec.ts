import { describe, expect, it } from 'vitest';
import { parseEdit } from './edit-grammar.js';

const WED = '2026-12-02';
const known = {
  fields: [{ id: 'f3', name: '东岗3号地' }],
  assets: [
    { id: 'a1', name: '收割机1' },
    { id: 'a2', name: '收割机2' },
  ],
  operators: [
    { id: 'o1', name: '张三' },
    { id: 'o2', name: 'Zhang San' },
  ],
};
const read = (goal: string) => parseEdit(goal, known, WED);

describe('short follow-up edits: avoid and "another one"', () => {
  it.each([
    ['不要用张三', [], ['o1'], {}],
    ['那就别用张三了', [], ['o1'], {}],
    ['张三不要用', [], ['o1'], {}],
    ['周三的不要用收割机1', ['a1'], [], { days: [{ wd: 3 }] }],
    ['东岗3号地的别让张三开', [], ['o1'], { fields: [{ id: 'f3' }] }],
    ['收割机1和张三都不要用', ['a1'], ['o1'], {}],
    ["don't use Zhang San", [], ['o2'], {}],
    ['not 收割机2 please', ['a2'], [], {}],
  ])('%s → AVOID', (goal, assets, operators, select) => {
    const c = read(goal);
    expect(c?.kind).toBe('AVOID');
    if (c?.kind !== 'AVOID') return;
    expect(c.assets.map((a) => a.id)).toEqual(assets);
    expect(c.operators.map((o) => o.id)).toEqual(operators);
    expect(c.select).toMatchObject(select);
  });

  it.each([
    ['换一台', 'MACHINE', {}],
    ['换台别的吧', 'MACHINE', {}],
    ['周三的换一台收割机', 'MACHINE', { days: [{ wd: 3 }] }],
    ['use another machine', 'MACHINE', {}],
    ['换个机手', 'OPERATOR', {}],
    ['东岗3号地的换个人', 'OPERATOR', { fields: [{ id: 'f3' }] }],
    ['someone else please', 'OPERATOR', {}],
  ])('%s → ANOTHER %s', (goal, what, select) => {
    const c = read(goal);
    expect(c).toMatchObject({ kind: 'ANOTHER', what, select });
  });

  it.each(['安排下周的收获，不要用张三', 'plan next week without Zhang San', '下周换一台新的收割机要多少钱', '不要用'])(
    '%s is not a short edit',
    (goal) => {
      const c = read(goal);
      expect(c === null || (c.kind !== 'AVOID' && c.kind !== 'ANOTHER')).toBe(true);
    },
  );
});
