import { describe, expect, it } from 'vitest';
import { findNames, nameVariants } from './names.js';
import { GoalText } from './text.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const none = { team: [], field: [], asset: [], operator: [] };
const found = (goal: string, known: Partial<Parameters<typeof findNames>[1]>) =>
  findNames(new GoalText(goal), { ...none, ...known }).matches.map((m) => `${m.kind}:${m.ref.name}@${m.start}`);

describe('known names', () => {
  it('short forms', () => {
    expect(nameVariants('team', '第一队')).toEqual({ exact: '第一队', short: ['第1队', '一队', '1队'] });
    expect(nameVariants('field', '东岗3号地')).toEqual({
      exact: '东岗3号地',
      short: ['东岗三号地', '东岗3号', '东岗三号'],
    });
    expect(nameVariants('team', 'North team').short).toEqual(['north']);
    expect(nameVariants('asset', 'JD S780').short).toEqual([]);
    // a Chinese person's name is also found in pinyin (names-pinyin.spec.ts)
    expect(nameVariants('operator', '张三').short).toEqual(['zhang san', 'san zhang']);
  });

  it('ignores case, width and spacing', () => {
    const asset = [{ id: id(1), name: 'JD S780' }];
    expect(found('用jd s780', { asset })).toEqual(['asset:JD S780@1']);
    expect(found('用JDS780', { asset })).toEqual(['asset:JD S780@1']);
    expect(found('用ＪＤ－Ｓ７８０', { asset })).toEqual(['asset:JD S780@1']);
  });

  it('never matches inside a longer number or word', () => {
    expect(found('十一队', { team: [{ id: id(1), name: '一队' }] })).toEqual([]);
    expect(found('S7800', { asset: [{ id: id(1), name: 'S780' }] })).toEqual([]);
    expect(found('red-river', { field: [{ id: id(1), name: 'River field' }] })).toEqual([]);
    expect(found('13号地', { field: [{ id: id(1), name: '3号地' }] })).toEqual([]);
  });

  it('the longest name wins', () => {
    const team = [
      { id: id(1), name: '一队' },
      { id: id(2), name: '机收一队' },
    ];
    expect(found('机收一队和一队', { team })).toEqual(['team:机收一队@0', 'team:一队@5']);
  });

  it('an exact name beats another entity’s short form; shared short forms are ambiguous', () => {
    const team = [
      { id: id(1), name: '一队' },
      { id: id(2), name: '第一队' },
    ];
    expect(found('一队', { team })).toEqual(['team:一队@0']);
    const field = [
      { id: id(1), name: '东岗3号地' },
      { id: id(2), name: '东岗3号田' },
    ];
    const scan = findNames(new GoalText('东岗3号'), { ...none, field });
    expect(scan.matches).toEqual([]);
    expect(scan.ambiguous.map((a) => a.text)).toEqual(['东岗3号']);
  });
});
