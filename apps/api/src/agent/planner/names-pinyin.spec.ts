import { describe, expect, it } from 'vitest';
import { pinyinVariants } from './names.js';
import { operatorsPlanner } from './test-fixtures.js';

const ZHAO = '00000000-0000-4000-8000-0000000000b1';
const QIAN = '00000000-0000-4000-8000-0000000000b2';
const LV = '00000000-0000-4000-8000-0000000000b3';
const plan = operatorsPlanner([
  { id: ZHAO, name: '赵刚' },
  { id: QIAN, name: '钱勇' },
  { id: LV, name: '吕伟' },
]);

describe('Chinese names written in pinyin in an English goal', () => {
  it('gives both orders, surname readings and ü as v or u', () => {
    expect(pinyinVariants('赵刚')).toEqual(['zhao gang', 'gang zhao']);
    expect(pinyinVariants('单明')).toContain('shan ming');
    expect(pinyinVariants('欧阳修')).toContain('ouyang xiu');
    expect(pinyinVariants('吕伟')).toEqual(expect.arrayContaining(['lv wei', 'lu wei']));
    expect(pinyinVariants('Zhang San')).toEqual([]);
  });

  it.each([
    ["plan next week's harvest, avoid Zhao Gang", ZHAO],
    ["plan next week's harvest without qian yong", QIAN],
    ["schedule next week's harvest, don't use Gang Zhao", ZHAO],
    ["plan next week's harvest, avoid Lu Wei", LV],
  ])('%s → that operator avoided', (goal, id) => {
    const c = plan(goal);
    expect(c.language).toBe('en');
    expect(c.avoid.operators.map((o) => o.id)).toEqual([id]);
  });

  it('leave by day with a pinyin name: "Qian Yong is off on Tuesday"', () => {
    const c = plan("plan next week's harvest, Qian Yong is off on Tuesday");
    expect(c.leave).toEqual([{ operator: { id: QIAN, name: '钱勇' }, from: '2026-12-08', to: '2026-12-08' }]);
  });

  it('a pinyin name is never found inside a longer word', () => {
    expect(plan("plan next week's harvest, avoid zhaogangxyz").avoid.operators).toEqual([]);
  });
});
