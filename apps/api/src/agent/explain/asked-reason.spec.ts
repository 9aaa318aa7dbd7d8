import { describe, expect, it } from 'vitest';
import type { PlanningFacts } from '../../planning/draft-content.js';
import { schedule } from '../../planning/scheduler/scheduler.js';
import { combine, instance, job, operator } from '../../planning/scheduler/test-fixtures.js';
import type { SchedulerInput } from '../../planning/scheduler/types.js';
import { explainDraft } from './explain-draft.js';
import type { ExplainContext } from './findings.js';

// December at the demo region; a 55 ha field takes the fast combine more than a day
const D = (dayHour: string) => new Date(`2026-12-${dayHour.replace(' ', 'T')}:00+08:00`).toISOString();
const base = (p: { booked?: boolean; inShop?: boolean; prefer?: string[] } = {}): SchedulerInput =>
  instance({
    now: D('07 00:00'),
    jobs: [job('j-1', { areaHa: 55, estimatedHours: 12, windowStart: D('17 00:00'), windowEnd: D('25 00:00') })],
    machines: [
      combine('lex', {
        name: 'Lexion',
        ratesHaPerHour: { HARVESTING: 5.5 },
        status: p.inShop ? 'IN_MAINTENANCE' : 'ACTIVE',
      }),
      combine('s780', { name: 'S780', ratesHaPerHour: { HARVESTING: 4.3 } }),
    ],
    operators: [operator('o-1', { name: '钱勇' }), operator('o-2', { name: '吴斌' })],
    busy: {
      machines: p.booked
        ? [{ assetId: 'lex', startsAt: D('18 07:00'), endsAt: D('18 09:30'), label: '西大片8号地 水稻收获' }]
        : [],
      operators: [],
    },
    options: {
      timezone: 'Asia/Shanghai',
      daylight: { latitude: 33.52, longitude: 118.95 },
      workBreak: { startMinute: 12 * 60, endMinute: 13 * 60 },
      maxDailyHours: 10,
      preferAssetIds: p.prefer ?? ['lex'],
      avoidAssetIds: [],
      splitJobs: false,
    },
  });

const reasons = (input: SchedulerInput, lang: 'zh' | 'en' = 'zh') => {
  const facts = {
    jobs: [{ id: 'j-1', operationType: 'HARVESTING', fieldName: '前滩7号地', teamId: null, estimatedHours: 12 }],
    machines: input.machines.map((m) => ({ ...m, teamId: null })),
    operators: input.operators.map((o) => ({ membershipId: o.membershipId, name: o.name, teamIds: [] })),
    busy: input.busy,
  } as unknown as PlanningFacts;
  const r = schedule(input);
  const c: ExplainContext = { facts, input, lang, timezone: 'Asia/Shanghai' };
  const content = { items: [], unplaced: [], validation: { ok: true, violations: [], warnings: [] }, contentHash: '' };
  const why = explainDraft(c, content as never, r.items, r.unplaced, new Map()).why;
  return { r, text: Object.fromEntries(why[0]!.map((x) => [x.code, x.text])) };
};

describe('a machine the goal asked for and the item does not use says why', () => {
  it('booked during the span: named with the booking (zh)', () => {
    const { r, text } = reasons(base({ booked: true }));
    expect(r.items).toHaveLength(1);
    expect(r.items[0]!.primaryAssetId).toBe('s780');
    expect(text.ASKED_NOT_USED).toBe(
      '没用您要的机器：Lexion 在 12/18周五 07:00–09:30 已有安排（西大片8号地 水稻收获）',
    );
  });

  it('the same in English', () => {
    const { text } = reasons(base({ booked: true }), 'en');
    expect(text.ASKED_NOT_USED).toMatch(
      /^the machine you asked for is not used: Lexion is booked .*07:00–09:30 \(西大片8号地 水稻收获\)$/,
    );
  });

  it('in the workshop', () => {
    const { r, text } = reasons(base({ inShop: true }));
    expect(r.items[0]!.primaryAssetId).toBe('s780');
    expect(text.ASKED_NOT_USED).toBe('没用您要的机器：Lexion维修中');
  });

  it('nothing when the asked machine does the item, or nothing was asked', () => {
    const used = reasons(base());
    expect(used.r.items[0]!.primaryAssetId).toBe('lex');
    expect(used.text.ASKED_NOT_USED).toBeUndefined();
    expect(used.text.ASKED_MACHINE).toBeDefined();
    expect(reasons(base({ booked: true, prefer: [] })).text.ASKED_NOT_USED).toBeUndefined();
  });
});
