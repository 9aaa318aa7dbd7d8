import { describe, expect, it } from 'vitest';
import { failureText, splitHeadline } from './split-followup.js';

const part = (startsAt: string, endsAt: string) => ({ startsAt, endsAt });

describe('splitHeadline: "at the same time" only when the parts overlap', () => {
  it('parts worked side by side', () => {
    const parts = [
      part('2026-12-16T23:30:00Z', '2026-12-17T06:30:00Z'),
      part('2026-12-17T00:00:00Z', '2026-12-17T06:30:00Z'),
    ];
    expect(splitHeadline(parts, 'F7', 2, 'zh')).toContain('同时作业');
    expect(splitHeadline(parts, 'F7', 2, 'en')).toContain('at the same time');
  });
  it('one machine free only the next day: no promise of working together', () => {
    const parts = [
      part('2026-12-16T23:30:00Z', '2026-12-17T06:30:00Z'),
      part('2026-12-18T01:30:00Z', '2026-12-18T08:30:00Z'),
    ];
    expect(splitHeadline(parts, 'F7', 2, 'zh')).not.toContain('同时作业');
    expect(splitHeadline(parts, 'F7', 2, 'zh')).toContain('开工时间不同');
    expect(splitHeadline(parts, 'F7', 2, 'en')).not.toContain('finish about together');
  });
});

describe('a split that finishes no sooner is not made, and the reply says why', () => {
  const w = (lang: 'zh' | 'en') => ({
    field: '前滩7号地',
    n: 2,
    lang,
    tz: 'Asia/Shanghai',
    machine: (id: string) => (id === 'lx' ? 'Lexion 760' : id),
    own: 'S780',
  });
  it('the other combine not free before the unsplit plan is done', () => {
    const r = {
      failure: 'NO_GAIN' as const,
      unsplitEndsAt: '2026-12-18T06:00:00Z',
      others: [{ assetId: 'lx', freeFrom: null }],
    };
    expect(failureText(r, w('zh'))).toBe(
      '前滩7号地 让2台一起收不会更早完成：原计划由 S780 整块作业，12/18周五 14:00 收完；Lexion 760 在那之前没有空。草案没有改动，仍按原计划。',
    );
    expect(failureText(r, w('en'))).toContain('would not finish it sooner');
    expect(failureText(r, w('en'))).toContain('Lexion 760 is not free before then');
  });
  it('a split found, but done no sooner: its finish said', () => {
    const r = {
      failure: 'NO_GAIN' as const,
      unsplitEndsAt: '2026-12-18T06:00:00Z',
      splitEndsAt: '2026-12-18T07:30:00Z',
    };
    expect(failureText(r, w('zh'))).toContain('分块后要到 12/18周五 15:30 才收完，不比原计划早');
    expect(failureText(r, w('en'))).toContain('in parts it would be done at Fri 18/12, 15:30, no sooner');
  });
  it('the headline counts parts and machines apart, and says it is sooner', () => {
    const parts = [
      { startsAt: '2026-12-16T23:00:00Z', endsAt: '2026-12-17T10:00:00Z', primaryAssetId: 'a' },
      { startsAt: '2026-12-16T23:00:00Z', endsAt: '2026-12-17T01:00:00Z', primaryAssetId: 'b' },
      { startsAt: '2026-12-17T03:00:00Z', endsAt: '2026-12-17T10:00:00Z', primaryAssetId: 'b' },
    ];
    expect(splitHeadline(parts, 'F7', 2, 'zh', '12/18周五 14:00')).toMatch(
      /^F7 分成3块，2台同时作业.*比原计划（12\/18周五 14:00 完成）早完成$/,
    );
    expect(splitHeadline(parts, 'F7', 2, 'en', 'Fri 18/12, 14:00')).toContain('3 parts on 2 machines');
  });
});
