import { describe, expect, it } from 'vitest';
import type { PlanningFacts } from '../../planning/draft-content.js';
import { schedule } from '../../planning/scheduler/scheduler.js';
import { combine, instance, job, operator } from '../../planning/scheduler/test-fixtures.js';
import { validate } from '../../planning/scheduler/validator.js';
import { explainDraft, explainVersion } from './explain-draft.js';
import type { ExplainContext } from './findings.js';

// December at the demo region: the sun sets ≈ 16:56, a midday break, a 10 h day
const D = (dayHour: string) => new Date(`2026-12-${dayHour.replace(' ', 'T')}:00+08:00`).toISOString();
const input = instance({
  now: D('07 00:00'),
  jobs: [job('j-1', { areaHa: 30, estimatedHours: 4, windowStart: D('07 00:00'), windowEnd: D('12 00:00') })],
  machines: [
    combine('fast', { name: 'Lexion', ratesHaPerHour: { HARVESTING: 6 }, requiredQualifications: ['COMBINE'] }),
    combine('slow', { name: 'GN70', ratesHaPerHour: { HARVESTING: 1.5 }, requiredQualifications: ['COMBINE'] }),
  ],
  operators: [
    operator('o-1', { name: '钱勇', qualifications: [{ code: 'COMBINE', expiresAt: '2027-05-01T00:00:00.000Z' }] }),
    operator('o-2', { name: '冯亮', qualifications: [] }),
  ],
  options: {
    timezone: 'Asia/Shanghai',
    daylight: { latitude: 33.52, longitude: 118.95 },
    workBreak: { startMinute: 12 * 60, endMinute: 13 * 60 },
    maxDailyHours: 10,
    minPartHours: 1,
  },
});
const facts = {
  jobs: [{ id: 'j-1', operationType: 'HARVESTING', windowEnd: D('12 00:00'), estimatedHours: 4, teamId: null }],
  machines: input.machines.map((m) => ({ ...m, teamId: null })),
  operators: input.operators.map((o) => ({ membershipId: o.membershipId, name: o.name, teamIds: [] })),
  busy: { machines: [], operators: [] },
} as unknown as PlanningFacts;

const why = (lang: 'zh' | 'en') => {
  const r = schedule(input);
  const c: ExplainContext = { facts, input, lang, timezone: 'Asia/Shanghai' };
  const content = { items: [], unplaced: [], validation: { ok: true, violations: [], warnings: [] }, contentHash: '' };
  return { r, why: explainDraft(c, content as never, r.items, r.unplaced, new Map()).why };
};

describe('an item says the figures behind it', () => {
  it('output × area → hours against the other combine; daylight window; licence; day limit (zh)', () => {
    const { r, why: w } = why('zh');
    expect(r.items).toHaveLength(1);
    expect(r.items[0]!.primaryAssetId).toBe('fast');
    expect(r.items[0]!.operatorMembershipId).toBe('o-1');
    const text = Object.fromEntries(w[0]!.map((x) => [x.code, x.text]));
    expect(text.OUTPUT).toBe(
      '产量：Lexion 收获 6 公顷/小时 × 30 公顷 ≈ 5 小时作业（对比：GN70 1.5 公顷/小时要 20 小时）',
    );
    expect(text.WORKING_HOURS).toMatch(
      /12\/7周一 起每天 07:00–16:30（日出 06:5\d、日落 16:5\d；12:00–13:00 休息；每天最多 10 小时），共 5 小时作业/,
    );
    expect(text.LICENCE).toBe('资质：钱勇 持有联合收割机驾驶证（有效至 2027-04-30）');
    expect(text.HOURS_LIMIT).toBe('工时上限：钱勇 当天共排 5 小时，上限 10 小时');
    // the free slower combine is named with why the faster one was taken
    expect(text.CLOSE).toBe('同一时段也有空：GN70（选 Lexion：产量更高（6 对 1.5 公顷/小时），完工更早）');
  });

  it('the same in English', () => {
    const text = Object.fromEntries(why('en').why[0]!.map((x) => [x.code, x.text]));
    expect(text.OUTPUT).toBe(
      'output: Lexion 6 ha/h × 30 ha ≈ 5 h of harvesting (compare: GN70 at 1.5 ha/h would need 20 h)',
    );
    expect(text.LICENCE).toBe('licence: 钱勇 holds the combine licence (valid through 2027-04-30)');
  });

  it('a job without an area says its estimate is used', () => {
    const bare = { ...input, jobs: [{ ...input.jobs[0]!, areaHa: null }] };
    const r = schedule(bare);
    const c: ExplainContext = { facts, input: bare, lang: 'zh', timezone: 'Asia/Shanghai' };
    const content = {
      items: [],
      unplaced: [],
      validation: { ok: true, violations: [], warnings: [] },
      contentHash: '',
    };
    const w = explainDraft(c, content as never, r.items, r.unplaced, new Map()).why[0]!;
    expect(w.find((x) => x.code === 'OUTPUT')!.text).toBe('工时：按作业预估 4 小时（作业没有面积）');
  });

  it('an edited item: the figures again, the edit as its reason, what the operator lacks; findings in the words', () => {
    const r = schedule(input);
    // the person hands the Lexion's item to 冯亮, who holds no combine licence
    const items = r.items.map((i) => ({ ...i, operatorMembershipId: 'o-2' }));
    const checked = validate(input, items);
    expect(checked.violations.map((v) => v.code)).toContain('NOT_QUALIFIED');
    const said = explainVersion(
      'en',
      'Asia/Shanghai',
      new Map(),
      'give it to 冯亮',
    )({
      facts,
      input,
      items,
      validation: checked,
    });
    const w = said.why[0]!;
    const codes = w.map((x) => x.code);
    expect(codes[0]).toBe('EDITED');
    expect(w[0]!.text).toBe('changed as you asked: "give it to 冯亮"');
    for (const code of ['STARTS', 'CLOSE', 'OPERATOR']) expect(codes).not.toContain(code);
    expect(codes).toContain('OUTPUT');
    expect(w.find((x) => x.code === 'LICENCE')!.text).toBe(
      'licence: 冯亮 lacks the combine licence that Lexion requires',
    );
    const v = said.validation.violations.find((x) => x.code === 'NOT_QUALIFIED')!;
    expect(v.message).toMatch(/^冯亮 does not hold the combine licence needed for Lexion/);
    expect(said.validation.violations.map((x) => x.code)).toEqual(checked.violations.map((x) => x.code));
  });
});
