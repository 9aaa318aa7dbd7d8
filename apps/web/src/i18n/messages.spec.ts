import { describe, expect, it } from 'vitest';
import { messages as adminMessages } from '@/features/admin/messages';
import { fieldMessages } from '@/features/field/messages';
import { jobsMessages } from '@/features/jobs/messages';
import { defineMessages, joinMessages } from './messages';

const a = defineMessages({ title: '标题', group: { x: '甲' } }, { title: 'Title', group: { x: 'X' } });
const b = defineMessages({ other: '其他' }, { other: 'Other' });

describe('joinMessages', () => {
  it('puts the parts side by side in each language', () => {
    const m = joinMessages(a, b);
    expect(m['zh-CN']).toEqual({ title: '标题', group: { x: '甲' }, other: '其他' });
    expect(m.en).toEqual({ title: 'Title', group: { x: 'X' }, other: 'Other' });
  });

  it('refuses a key that two parts both define', () => {
    expect(() => joinMessages(a, defineMessages({ title: '又一个' }, { title: 'Again' }))).toThrow(/"title"/);
  });

  it.each([
    ['admin', adminMessages, ['members', 'teams', 'apiKeys', 'groups', 'permissions', 'common']],
    ['field', fieldMessages, ['job', 'start', 'complete', 'fault', 'wo', 'appTitle', 'priority']],
    ['jobs', jobsMessages, ['detail', 'assign', 'cancel', 'timeline', 'title']],
  ])('the %s catalog split over files has the areas of both languages', (_name, m, areas) => {
    expect(Object.keys(m.en).sort()).toEqual(Object.keys(m['zh-CN']).sort());
    for (const area of areas) expect(m['zh-CN']).toHaveProperty([area]);
  });
});
