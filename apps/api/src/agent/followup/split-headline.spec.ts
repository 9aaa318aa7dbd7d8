import { describe, expect, it } from 'vitest';
import { splitHeadline } from './split-followup.js';

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
