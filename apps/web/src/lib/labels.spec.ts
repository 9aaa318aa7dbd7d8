import { describe, expect, it } from 'vitest';
import { jobsMessages } from '@/features/jobs/messages';
import { enumLabels, priorityText } from './labels';

/**
 * One priority scale everywhere: the API, the scheduler's weight and the
 * fault report use 1 = lowest … 5 = urgent; a fault reported as 紧急 (5) showed "优先级 5" next
 * to a job form that called 5 the lowest.
 */
describe('priority scale', () => {
  it('5 reads as urgent, 1 as lowest, in both languages', () => {
    expect(priorityText(enumLabels['zh-CN'], 5)).toBe('紧急（5）');
    expect(priorityText(enumLabels['zh-CN'], 1)).toBe('最低（1）');
    expect(priorityText(enumLabels.en, 5)).toBe('Urgent (5)');
    expect(priorityText(enumLabels.en, 3)).toBe('Normal (3)');
  });

  it('the job form describes the same scale', () => {
    expect(jobsMessages['zh-CN'].create.priority).toContain('5 最紧急');
    expect(jobsMessages['zh-CN'].create.priority).not.toContain('1 最高');
    expect(jobsMessages.en.create.priority).toContain('5 most urgent');
  });
});
