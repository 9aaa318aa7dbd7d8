import { describe, expect, it } from 'vitest';
import { parseEdit } from './edit-grammar.js';

const WED = '2026-12-02';
const known = {
  fields: [
    { id: 'f3', name: '东岗3号地' },
    { id: 'f9', name: 'North Forty' },
  ],
  assets: [{ id: 'a1', name: '收割机1' }],
  operators: [{ id: 'o1', name: '张三' }],
};
const read = (goal: string) => parseEdit(goal, known, WED);

describe('"do it together" follow-ups → SPLIT', () => {
  it.each([
    ['东岗3号地让两台一起收', 2, ['f3']],
    ['东岗3号地两台收割机同时收吧', 2, ['f3']],
    ['东岗3号地分给三台', 3, ['f3']],
    ['让两台一起收', 2, []],
    ['let two combines do North Forty together', 2, ['f9']],
    ['have 2 machines harvest North Forty at the same time', 2, ['f9']],
    ['split North Forty between two combines', 2, ['f9']],
  ])('%s → SPLIT in %i', (goal, parts, fields) => {
    const c = read(goal);
    expect(c?.kind).toBe('SPLIT');
    if (c?.kind !== 'SPLIT') return;
    expect(c.parts).toBe(parts);
    expect(c.select.fields.map((f) => f.id)).toEqual(fields);
  });

  it.each(['把周三的改到周四', '安排两台拖拉机耕地', 'two combines next week', '东岗3号地换成收割机1'])(
    '%s is not a split',
    (goal) => expect(read(goal)?.kind).not.toBe('SPLIT'),
  );
});
