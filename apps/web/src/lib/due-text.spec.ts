import { describe, expect, it } from 'vitest';
import { dueText } from './due-text';

describe('dueText', () => {
  it('names each measure when a plan is due by date and by hours', () => {
    expect(dueText({ remainingDays: -312, remainingHours: 250 }, 'zh-CN')).toBe(
      '按日期已逾期 312 天；按小时还剩 250 小时',
    );
    expect(dueText({ remainingDays: 3, remainingHours: -12.4 }, 'en', 1)).toBe(
      'by date 3 days left; by hours 12.4 h over',
    );
  });

  it('one measure alone reads plainly; none is null', () => {
    expect(dueText({ remainingDays: -2, remainingHours: null }, 'zh-CN')).toBe('已逾期 2 天');
    expect(dueText({ remainingDays: null, remainingHours: 40 }, 'en')).toBe('40 h left');
    expect(dueText({ remainingDays: null, remainingHours: null }, 'en')).toBeNull();
  });
});
