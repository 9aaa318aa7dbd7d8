import { describe, expect, it } from 'vitest';
import type { TRunEdit } from '@amms/contracts/drafts';
import { describeEdit } from './edit-record.js';

const J = '00000000-0000-4000-8000-000000000001';
const edit: TRunEdit = {
  draftId: '00000000-0000-4000-8000-0000000000d1',
  basedOnVersion: 1,
  version: 2,
  diff: { added: [], removed: [], changed: [J] },
  changes: [
    {
      jobId: J,
      title: 'harvest',
      fieldName: 'North 3',
      before: {
        machine: 'S780',
        operator: 'Wu',
        startsAt: '2026-12-15T23:30:00.000Z',
        endsAt: '2026-12-16T01:30:00.000Z',
      },
      after: {
        machine: 'S780',
        operator: 'Wu',
        startsAt: '2026-12-18T01:30:00.000Z',
        endsAt: '2026-12-18T03:30:00.000Z',
      },
    },
  ],
  violations: 0,
};

describe('describeEdit: the summary of a follow-up edit reads in the goal language', () => {
  it('English: no Chinese punctuation anywhere', () => {
    const text = describeEdit(edit, [], 'Asia/Shanghai', 'en', [
      'North 3: as said it would clash, so the time changed too',
    ]);
    expect(text).not.toMatch(/[。：；，、]/);
    expect(text).toContain('North 3: ');
    expect(text).toMatch(/changed too\. It passes validation/);
  });
  it('Chinese: Chinese punctuation', () => {
    const text = describeEdit(edit, [], 'Asia/Shanghai', 'zh');
    expect(text).toContain('North 3：');
    expect(text).toMatch(/。校验通过/);
  });
});
