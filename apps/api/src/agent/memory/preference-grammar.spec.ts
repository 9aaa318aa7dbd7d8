import { describe, expect, it } from 'vitest';
import { A, KNOWN, O, T } from '../planner/test-fixtures.js';
import { readPreferences, weekdaysIn } from './preference-grammar.js';

const read = (goal: string) => readPreferences(goal, KNOWN);
const kinds = (goal: string) => read(goal).preferences.map((p) => [p.kind, p.target?.id ?? p.weekday]);

describe('preference statements', () => {
  it('saves nothing unless the person says to remember it', () => {
    expect(read('优先用二队的机器').explicit).toBe(false);
    expect(read('优先用二队的机器').preferences).toEqual([]);
    expect(read('prefer team North team machines next week').preferences).toEqual([]);
    // "later", not "from now on"
    expect(read('三天以后安排收获，优先用二队的机器').explicit).toBe(false);
    expect(read('下周以后的播种优先用二队的机器').explicit).toBe(false);
  });
  it.each<[string, Array<[string, string | number]>]>([
    ['记住：优先用二队的机器', [['PREFER_TEAM', T.two.id]]],
    ['以后周日不排作业', [['AVOID_WEEKDAY', 7]]],
    [
      '记住，周六日都休息',
      [
        ['AVOID_WEEKDAY', 6],
        ['AVOID_WEEKDAY', 7],
      ],
    ],
    [
      '以后优先用二队的机器，周日不排作业',
      [
        ['PREFER_TEAM', T.two.id],
        ['AVOID_WEEKDAY', 7],
      ],
    ],
    ['今后JD S780不要用', [['AVOID_ASSET', A.s780.id]]],
    ['默认优先派张三', [['PREFER_OPERATOR', O.zhang.id]]],
    ['remember: prefer North team machines', [['PREFER_TEAM', T.north.id]]],
    ['from now on, no work on Sundays', [['AVOID_WEEKDAY', 7]]],
    [
      "always prefer the Case 310 and don't schedule on weekends",
      [
        ['PREFER_ASSET', A.case310.id],
        ['AVOID_WEEKDAY', 6],
        ['AVOID_WEEKDAY', 7],
      ],
    ],
    ['going forward never use Wang Wei', [['AVOID_OPERATOR', O.wang.id]]],
  ])('%s', (goal, expected) => {
    expect(read(goal).explicit).toBe(true);
    expect(kinds(goal)).toEqual(expected);
  });
  it('reports what it did not understand instead of guessing', () => {
    const out = read('记住：优先用五队的机器');
    expect(out.preferences).toEqual([]);
    expect(out.unclear).toEqual(['优先用五队的机器']);
  });
  it('reads weekdays in the usual forms', () => {
    expect(weekdaysIn('周一到三')).toEqual([1, 2, 3]);
    expect(weekdaysIn('星期天')).toEqual([7]);
    expect(weekdaysIn('周末')).toEqual([6, 7]);
    expect(weekdaysIn('on saturdays and sundays')).toEqual([6, 7]);
  });
});
