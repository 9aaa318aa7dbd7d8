import { describe, expect, it } from 'vitest';
import { planWithRules } from './rules-planner.js';

const SHOP = '00000000-0000-4000-8000-000000000001';
const T50 = '00000000-0000-4000-8000-000000000002';
const T40 = '00000000-0000-4000-8000-000000000004';
const S780 = '00000000-0000-4000-8000-000000000003';
const known = {
  teams: [{ id: SHOP, name: 'Shop' }],
  fields: [],
  assets: [
    { id: T50, name: 'DJI T50 #01' },
    { id: T40, name: 'DJI T40 #02' },
    { id: S780, name: '约翰迪尔 S780 #01' },
  ],
  operators: [],
};
const plan = (goal: string) =>
  planWithRules({ goal, now: new Date('2026-12-02T02:00:00Z'), timezone: 'Asia/Shanghai', known });

describe('makes and models in a goal, and "in the shop"', () => {
  it.each([
    ["plan next week's spraying, prefer DJI drones", [T50, T40]],
    ['下周植保优先用大疆', [T50, T40]],
    ['下周收获优先用约翰迪尔', [S780]],
    ['next week harvest, prefer John Deere', [S780]],
    ['next week harvest, use the S780', [S780]],
  ])('%s → prefer the machines of that make', (goal, ids) => {
    const c = plan(goal);
    expect(c.prefer.assets.map((a) => a.id).sort()).toEqual([...ids].sort());
    expect(c.notes.join('\n')).not.toMatch(/not a known|不是已知/);
  });

  it('avoids a make too', () => {
    expect(
      plan('下周植保，不要用大疆')
        .avoid.assets.map((a) => a.id)
        .sort(),
    ).toEqual([T50, T40].sort());
  });

  it('"avoid machines in the shop" means in repair, not the team "Shop"', () => {
    const c = plan('schedule next week, avoid machines in the shop');
    expect(c.avoid.inMaintenance).toBe(true);
    expect(c.teams).toEqual([]);
    expect(c.notes.join('\n')).not.toMatch(/"in"|Shop/);
  });

  it('an unknown make is still reported', () => {
    expect(plan('下周收获优先用凯斯').notes.join('\n')).toContain('没有找到“凯斯”');
  });
});
