import { describe, expect, it } from 'vitest';
import type { PlanningFacts } from '../../planning/draft-content.js';
import { L, combine, harvest, instance, job, operator } from '../../planning/scheduler/test-fixtures.js';
import type { SchedMachine } from '../../planning/scheduler/types.js';
import { findingText, unplacedText } from './findings.js';
import { optionText } from './findings-world.js';

const input = instance({
  jobs: [job('j-1')],
  machines: [combine('c-1', { name: '收割机甲', requiredQualifications: ['COMBINE'], serviceDueInHours: 3 })],
  operators: [operator('o-1', { name: '王五', qualifications: [] })],
});
const facts = {
  jobs: [{ id: 'j-1', operationType: 'HARVESTING', windowEnd: L('04 00:00'), estimatedHours: 4 }],
  machines: [],
  operators: [{ membershipId: 'o-1', name: '王五' }],
  busy: { machines: [], operators: [] },
} as unknown as PlanningFacts;
const item = harvest();
const ctx = (lang: 'zh' | 'en') => ({ facts, input, lang, timezone: 'Asia/Shanghai' });

describe('the world rules in the goal language', () => {
  it('NOT_QUALIFIED names the person, the licence and the machine', () => {
    const f = { code: 'NOT_QUALIFIED', message: 'x', itemIndex: 0 };
    expect(findingText(ctx('zh'), f, item)).toBe(
      '王五 没有开 收割机甲 所需的联合收割机驾驶证（或到 3/2周一 07:00–11:00 结束前已过期）',
    );
    expect(findingText(ctx('en'), f, item)).toContain('does not hold the combine licence needed for 收割机甲');
  });

  it('ON_LEAVE gives the leave in local time; SERVICE_DUE the hours left', () => {
    const leave = {
      code: 'ON_LEAVE',
      message: 'x',
      itemIndex: 0,
      clash: { kind: 'LEAVE', startsAt: L('02 00:00'), endsAt: L('03 00:00') },
    };
    expect(findingText(ctx('zh'), leave, item)).toBe(
      '王五 在 3/2周一 00:00–24:00 请假，不能安排在 3/2周一 07:00–11:00',
    );
    expect(findingText(ctx('zh'), { code: 'SERVICE_DUE', message: 'x', itemIndex: 0 }, item)).toContain(
      '收割机甲 再工作 3 小时就到保养',
    );
  });

  it('an unplaced job no licensed operator can take says which licence', () => {
    const u = { jobId: 'j-1', reason: 'NO_OPERATOR_AVAILABLE', detail: 'No operator holds …' };
    expect(unplacedText(ctx('zh'), u)).toContain('没有持有联合收割机驾驶证');
    expect(unplacedText(ctx('en'), u)).toContain('No operator holds the combine licence');
  });

  it('deadline options in words, local times', () => {
    const o = {
      kind: 'OVERTIME',
      detail: 'Working longer …',
      items: [{ primaryAssetId: 'c-1', endsAt: L('03 18:00') }],
    };
    expect(optionText(ctx('zh'), 'j-1', o)).toBe(
      '加班：工作日延长到 06:00–21:00（或到日落），不休息、不设每日上限，用 收割机甲，3/3周二 18:00 完成，截止 3/4周三 00:00',
    );
  });

  it('a SPLIT option names each machine’s share in ha and hours (unequal machines, unequal shares)', () => {
    const split = instance({
      jobs: [job('j-1', { areaHa: 40 })],
      machines: [
        combine('c-1', { name: '收割机甲', ratesHaPerHour: { HARVESTING: 3 } } as Partial<SchedMachine>),
        combine('c-2', { name: '收割机乙', ratesHaPerHour: { HARVESTING: 2 } } as Partial<SchedMachine>),
      ],
      operators: [operator('o-1'), operator('o-2')],
    });
    const part = (index: number, areaHa: number, m: string, op: string, endsAt: string) => ({
      primaryAssetId: m,
      implementAssetIds: [],
      operatorMembershipId: op,
      endsAt,
      part: { index, of: 2, areaHa },
    });
    const o = {
      kind: 'SPLIT',
      detail: 'Splitting …',
      items: [part(2, 16, 'c-2', 'o-2', L('02 15:00')), part(1, 24, 'c-1', 'o-1', L('02 15:00'))],
    };
    const c = (lang: 'zh' | 'en') => ({ ...ctx(lang), input: split });
    expect(optionText(c('zh'), 'j-1', o)).toBe(
      '拆分：按各台能干的量把地块分成2块，收割机甲 24.0 公顷（约 8.0 小时），收割机乙 16.0 公顷（约 8.0 小时），3/2周一 15:00 完成，截止 3/4周三 00:00',
    );
    expect(optionText(c('en'), 'j-1', o)).toContain(
      'Split: the field in 2 parts by what each machine can do, 24.0 ha (about 8.0 h) on 收割机甲, 16.0 ha (about 8.0 h) on 收割机乙, finished by',
    );
  });
});

describe('the road between fields in the goal language', () => {
  const withMachine = { ...facts, machines: [{ id: 'c-1', name: '收割机甲' }] } as unknown as PlanningFacts;
  const f = {
    code: 'UNREACHABLE_IN_TIME',
    message: "收割机甲 needs 56 min for the 18.43 km from item 0's field, and has 0",
    itemIndex: 1,
  };
  it('UNREACHABLE_IN_TIME: the machine, the km, the minutes needed and left, no item index (zh and en)', () => {
    const zh = findingText({ facts: withMachine, input, lang: 'zh', timezone: 'Asia/Shanghai' }, f, item);
    expect(zh).toBe('收割机甲 从上一块地开过来约 18.43 公里，要 56 分钟，3/2周一 07:00–11:00 之前只留了 0 分钟');
    const en = findingText({ facts: withMachine, input, lang: 'en', timezone: 'Asia/Shanghai' }, f, item);
    expect(en).toMatch(/^收割机甲 needs 56 min for the 18\.43 km from its previous field, and has 0 min before /);
    expect(en).not.toContain('item 0');
  });
});
