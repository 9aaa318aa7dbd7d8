import { describe, expect, it } from 'vitest';
import { findPeriod } from './periods.js';
import { GoalText } from './text.js';

const WED = '2026-12-02';
const read = (goal: string, today = WED) => findPeriod(new GoalText(goal), today);
const period = (goal: string, today = WED) => read(goal, today).period;

describe('date resolver', () => {
  it.each([
    ['今天', '2026-12-02', '2026-12-02'],
    ['明天', '2026-12-03', '2026-12-03'],
    ['后天', '2026-12-04', '2026-12-04'],
    ['the day after tomorrow', '2026-12-04', '2026-12-04'],
    ['本周', '2026-12-02', '2026-12-06'],
    ['下周', '2026-12-07', '2026-12-13'],
    ['本周末', '2026-12-05', '2026-12-06'],
    ['下周末', '2026-12-12', '2026-12-13'],
    ['未来7天', '2026-12-02', '2026-12-08'],
    ['接下来十五天', '2026-12-02', '2026-12-16'],
    ['next twelve days', '2026-12-02', '2026-12-13'],
    ['未来两周', '2026-12-02', '2026-12-15'],
    ['next fortnight', '2026-12-02', '2026-12-15'],
    ['下个月', '2027-01-01', '2027-01-31'],
    ['本月', '2026-12-02', '2026-12-31'],
    ['周四', '2026-12-03', '2026-12-03'],
    ['星期二', '2026-12-08', '2026-12-08'],
    ['下周日', '2026-12-13', '2026-12-13'],
    ['2026年12月20日', '2026-12-20', '2026-12-20'],
    ['2027/1/5', '2027-01-05', '2027-01-05'],
    ['December 24th', '2026-12-24', '2026-12-24'],
    ['24th of December', '2026-12-24', '2026-12-24'],
    ['Jan 5, 2027', '2027-01-05', '2027-01-05'],
    ['12月28日到1月3日', '2026-12-28', '2027-01-03'],
    ['周五到下周二', '2026-12-04', '2026-12-08'],
    ['8号到12号', '2026-12-08', '2026-12-12'],
    ['Friday through Monday', '2026-12-04', '2026-12-07'],
  ])('%s → %s..%s', (goal, from, to) => {
    expect(period(goal)).toEqual({ from, to });
  });

  it('a yearless date is the occurrence closest to today', () => {
    expect(period('11月20日')).toBeNull(); // 12 days ago: in the past, not next November
    expect(read('11月20日').past).toBe(true);
    expect(period('2月1日')).toEqual({ from: '2027-02-01', to: '2027-02-01' });
    expect(period('12月1日到12月5日')).toEqual({ from: '2026-12-02', to: '2026-12-05' });
    expect(read('12月1日到12月5日').clamped).toBe(true);
  });

  it('refuses dates that do not exist', () => {
    expect(period('2月30日')).toBeNull();
    expect(period('2026-13-01')).toBeNull();
  });

  it('merges separate mentions and reports it', () => {
    const r = read('明天收获，下周五运输');
    expect(r.period).toEqual({ from: '2026-12-03', to: '2026-12-11' });
    expect(r.combined).toBe(true);
    expect(r.mentions).toEqual(['明天', '下周五']);
    expect(read('周一到周三').combined).toBe(false);
  });

  it('does not read field or machine numbers as days', () => {
    expect(period('3号地收获')).toBeNull();
    expect(period('1号机')).toBeNull();
    expect(period('没有时间')).toBeNull();
  });

  it('reads everything relative to the given today', () => {
    expect(period('下周', '2026-12-31')).toEqual({ from: '2027-01-04', to: '2027-01-10' });
    expect(period('周末', '2026-12-06')).toEqual({ from: '2026-12-06', to: '2026-12-06' });
    expect(period('周末', '2026-12-05')).toEqual({ from: '2026-12-05', to: '2026-12-06' });
    expect(period('下个月', '2027-01-31')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });
});

describe('spans of days and weeks relative to today', () => {
  it.each([
    ['下两周', '2026-12-07', '2026-12-20'],
    ['下两周的收获', '2026-12-07', '2026-12-20'],
    ['下三个星期', '2026-12-07', '2026-12-27'],
    ['今明两天', '2026-12-02', '2026-12-03'],
    ['今明两天收获', '2026-12-02', '2026-12-03'],
    ['明后两天', '2026-12-03', '2026-12-04'],
    ['明后天', '2026-12-03', '2026-12-04'],
    ['今明后三天', '2026-12-02', '2026-12-04'],
    ['这两天', '2026-12-02', '2026-12-03'],
    ['后面两周', '2026-12-02', '2026-12-15'],
    ['下个月上旬', '2027-01-01', '2027-01-10'],
    ['下个月下旬', '2027-01-21', '2027-01-31'],
    ['这周末', '2026-12-05', '2026-12-06'],
    ['next two weeks', '2026-12-02', '2026-12-15'],
    ['the next 3 days', '2026-12-02', '2026-12-04'],
    ['the coming week', '2026-12-02', '2026-12-08'],
    ['the next few days', '2026-12-02', '2026-12-04'],
    ['the next couple of days', '2026-12-02', '2026-12-03'],
    ['the next 2 calendar weeks', '2026-12-07', '2026-12-20'],
  ])('%s → %s..%s', (goal, from, to) => {
    expect(period(goal)).toEqual({ from, to });
  });

  it('keeps 下周 and 下下周 as they were', () => {
    expect(period('下周')).toEqual({ from: '2026-12-07', to: '2026-12-13' });
    expect(period('下下周')).toEqual({ from: '2026-12-14', to: '2026-12-20' });
    expect(period('下两周', '2026-12-06')).toEqual({ from: '2026-12-07', to: '2026-12-20' });
  });
});
