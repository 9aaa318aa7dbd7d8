import { describe, expect, it } from 'vitest';
import { planWithRules } from './rules-planner.js';
import { A, KNOWN, O, p, WED } from './test-fixtures.js';

/**
 * Grammar by KINDS of expression (issue 14 §2): each kind is exercised by several differently
 * worded sentences, Chinese and English, none of them taken from the held-out evaluation set.
 * now = Wednesday 2026-12-02, Asia/Shanghai.
 */
const plan = (goal: string) => planWithRules({ goal, now: WED, timezone: 'Asia/Shanghai', known: KNOWN });

describe('kind: avoidance said after the object / in other words', () => {
  it.each<[string, { assets?: string[]; operators?: string[] }]>([
    ['下周安排收获，JD S780不要用', { assets: [A.s780.id] }],
    ['下周收获作业，约翰迪尔8R就别用了', { assets: [A.jd8r.id] }],
    ['明天打药，东方红LX1304先不用', { assets: [A.lx1304.id] }],
    ['下周施肥，张三这次不参加', { operators: [O.zhang.id] }],
    ['下周的收获，Case 310不派了', { assets: [A.case310.id] }],
    ['除了JD S780，下周的收获都安排上', { assets: [A.s780.id] }],
    ['下周收获，不算李四', { operators: [O.li.id] }],
    ['下周收获作业，收割机1号就不安排了', { assets: [A.harvester1.id] }],
    ['下周安排收获，把JD S780排除掉', { assets: [A.s780.id] }],
    ['下周安排收获，JD S780和约翰迪尔8R都先别用', { assets: [A.s780.id, A.jd8r.id] }],
    ['schedule next week harvesting, keep the JD S780 out of it', { assets: [A.s780.id] }],
    ['plan harvesting next week and leave the Case 310 out', { assets: [A.case310.id] }],
    ['schedule harvesting next week; the JD S780 stays in the shed', { assets: [A.s780.id] }],
    ['next week harvesting, Wang Wei is off', { operators: [O.wang.id] }],
    ['schedule spraying tomorrow, leave out Li Na', { operators: [O.na.id] }],
    ['schedule harvesting next week, JD S780 not to be used', { assets: [A.s780.id] }],
    ['schedule harvesting next week but not the Case 310', { assets: [A.case310.id] }],
    ['harvest next week, no JD S780 please', { assets: [A.s780.id] }],
    ['plan next week harvesting, everything except the Case 310', { assets: [A.case310.id] }],
    ['schedule harvesting next week, keep Wang Wei off it', { operators: [O.wang.id] }],
  ])('%s', (goal, e) => {
    const out = plan(goal);
    expect(out.avoid.assets.map((a) => a.id)).toEqual(e.assets ?? []);
    expect(out.avoid.operators.map((o) => o.id)).toEqual(e.operators ?? []);
    expect(out.prefer.assets).toEqual([]);
    expect(out.intent).toBe('SCHEDULE_JOBS');
  });
});

describe('kind: parts of a month', () => {
  it.each([
    ['下个月上旬安排播种', p('2027-01-01', '2027-01-10')],
    ['下月中旬收获', p('2027-01-11', '2027-01-20')],
    ['下个月下旬的施肥作业', p('2027-01-21', '2027-01-31')],
    ['本月下旬打药', p('2026-12-21', '2026-12-31')],
    ['本月中旬安排运输', p('2026-12-11', '2026-12-20')],
    ['这个月上旬耕地', p('2026-12-02', '2026-12-10')],
    ['下个月月初安排割草', p('2027-01-01', '2027-01-10')],
    ['月底前完成植保', p('2026-12-02', '2026-12-31')],
    ['本月底安排运输', p('2026-12-21', '2026-12-31')],
    ['下月初打捆', p('2027-01-01', '2027-01-10')],
    ['12月下旬安排耕地', p('2026-12-21', '2026-12-31')],
    ['下个月前半月播种', p('2027-01-01', '2027-01-15')],
    ['下个月后半个月收获', p('2027-01-16', '2027-01-31')],
    ['1月上旬安排运输', p('2027-01-01', '2027-01-10')],
    ['一月下旬施肥', p('2027-01-21', '2027-01-31')],
    ['schedule sowing in early next month', p('2027-01-01', '2027-01-10')],
    ['plan harvesting for mid next month', p('2027-01-11', '2027-01-20')],
    ['schedule spraying late this month', p('2026-12-21', '2026-12-31')],
    ['schedule tillage in the first half of next month', p('2027-01-01', '2027-01-15')],
    ['plan baling for the second half of next month', p('2027-01-16', '2027-01-31')],
    ['schedule transport in early January', p('2027-01-01', '2027-01-10')],
    ['plan harvesting for late January', p('2027-01-21', '2027-01-31')],
    ['schedule mowing at the end of the month', p('2026-12-21', '2026-12-31')],
    ['schedule sowing at the beginning of next month', p('2027-01-01', '2027-01-10')],
    ['plan spraying in the middle of next month', p('2027-01-11', '2027-01-20')],
  ])('%s', (goal, period) => {
    const out = plan(goal);
    expect(out.period).toEqual(period);
    expect(out.intent).toBe('SCHEDULE_JOBS');
  });
});

describe('kind: adjacent days said together', () => {
  it.each([
    ['周六日安排收获', p('2026-12-05', '2026-12-06')],
    ['周五六打药', p('2026-12-04', '2026-12-05')],
    ['下周一二安排播种', p('2026-12-07', '2026-12-08')],
    ['下周三四五施肥', p('2026-12-09', '2026-12-11')],
    ['星期六、星期天割草', p('2026-12-05', '2026-12-06')],
    ['下周二三耕地', p('2026-12-08', '2026-12-09')],
    ['周一至三运输', p('2026-12-07', '2026-12-09')],
    ['schedule harvesting Saturday and Sunday', p('2026-12-05', '2026-12-06')],
    ['spray on Fri and Sat', p('2026-12-04', '2026-12-05')],
    ['schedule sowing Mon–Wed next week', p('2026-12-07', '2026-12-09')],
    ['plan tillage Mon-Wed', p('2026-12-07', '2026-12-09')],
    ['schedule baling Thursday through Saturday', p('2026-12-03', '2026-12-05')],
    ['harvest next Tue and Wed', p('2026-12-08', '2026-12-09')],
    ['schedule transport Sat/Sun', p('2026-12-05', '2026-12-06')],
    ['schedule mowing Thu & Fri', p('2026-12-03', '2026-12-04')],
  ])('%s', (goal, period) => {
    const out = plan(goal);
    expect(out.period).toEqual(period);
    expect(out.intent).toBe('SCHEDULE_JOBS');
  });
});

describe('the new kinds do not swallow what they should not', () => {
  it('a preferred machine stays preferred, and a plain mention is not an avoidance', () => {
    expect(plan('下周收获，JD S780优先').prefer.assets.map((a) => a.id)).toEqual([A.s780.id]);
    expect(plan('schedule harvesting next week, prefer the JD S780 out in the field').avoid.assets).toEqual([]);
    expect(plan('schedule harvesting next week with Wang Wei').avoid.operators).toEqual([]);
  });
  it('a single weekday, a whole month and a date range read as before', () => {
    expect(plan('周日安排收获').period).toEqual(p('2026-12-06'));
    expect(plan('下个月安排播种').period).toEqual(p('2027-01-01', '2027-01-31'));
    expect(plan('12月8日至12日施肥').period).toEqual(p('2026-12-08', '2026-12-12'));
    expect(plan('schedule harvesting on Sunday').period).toEqual(p('2026-12-06'));
  });
  it('a month part already over is refused, like any past period', () => {
    const out = planWithRules({
      goal: '本月上旬安排收获',
      now: new Date('2026-12-20T10:00:00+08:00'),
      timezone: 'Asia/Shanghai',
      known: KNOWN,
    });
    expect(out.period).toBeNull();
    expect(out.missing).toContain('period');
  });
});

describe('kind: a time between the object and the avoid words', () => {
  it.each([
    ['JD S780下周也别用，安排收获', [A.s780.id]],
    ['约翰迪尔8R明天先不用，明天打药', [A.jd8r.id]],
  ])('%s', (goal, ids) => {
    expect(plan(goal).avoid.assets.map((a) => a.id)).toEqual(ids);
  });
});
