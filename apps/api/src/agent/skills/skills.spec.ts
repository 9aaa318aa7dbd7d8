import { describe, expect, it } from 'vitest';
import { businessPeriod } from './business-period.js';
import { buildCorrective, correctiveRequest } from './corrective.js';
import { matchMachine, symptomText, type MachineCandidate } from './machine-match.js';

const m = (
  id: string,
  name: string,
  manufacturer: string,
  modelName: string,
  kind = 'POWER_UNIT',
  operationTypes: string[] = ['TILLAGE'],
): MachineCandidate => ({
  id,
  name,
  status: 'ACTIVE',
  teamId: null,
  modelId: `model-${modelName}`,
  modelName,
  manufacturer,
  kind,
  operationTypes,
});
const fleet = [
  m('a1', 'John Deere 6R 155 #01', 'John Deere', '6R 155'),
  m('a2', 'John Deere 6R 155 #02', 'John Deere', '6R 155'),
  m('d1', 'DJI Agras T50 #01', 'DJI', 'Agras T50', 'SELF_PROPELLED', ['CROP_PROTECTION']),
  m('d2', 'DJI Agras T50 #02', 'DJI', 'Agras T50', 'SELF_PROPELLED', ['CROP_PROTECTION']),
  m('c1', '雷沃 谷神 GN70 #01', '雷沃', '谷神 GN70', 'SELF_PROPELLED', ['HARVESTING']),
];

describe('machine matching', () => {
  it('a brand said in Chinese, the model and the number → one machine', () => {
    expect(matchMachine('约翰迪尔 6R 155 #01 发动机水温过高', fleet)).toMatchObject({
      kind: 'one',
      machine: { id: 'a1' },
    });
    expect(matchMachine('DJI T50 #02 报 E12', fleet)).toMatchObject({ kind: 'one', machine: { id: 'd2' } });
    expect(matchMachine('2号无人机喷头堵了', fleet)).toMatchObject({ kind: 'one', machine: { id: 'd2' } });
  });
  it('a kind word with one such machine → it; the model without a number → ask among them', () => {
    expect(matchMachine('the combine loses hydraulic pressure', fleet)).toMatchObject({
      kind: 'one',
      machine: { id: 'c1' },
    });
    const many = matchMachine('6R 155 won’t start', fleet);
    expect(many.kind).toBe('many');
    expect(many.kind === 'many' && many.candidates.map((c) => c.id)).toEqual(['a1', 'a2']);
  });
  it('a number none of the matching machines has → none (asked), never another machine', () => {
    expect(matchMachine('6R 155 #07 won’t start', fleet)).toMatchObject({
      kind: 'none',
      candidates: [{ id: 'a1' }, { id: 'a2' }],
    });
  });
  it('nothing named → none, with candidates to ask about', () => {
    const none = matchMachine('发动机水温过高', fleet);
    expect(none.kind).toBe('none');
    expect(none.kind === 'none' && none.candidates.length).toBe(5);
  });
  it('the symptom is the goal without the machine and the request', () => {
    expect(symptomText('约翰迪尔 6R 155 #01 发动机水温过高，帮我安排检修', fleet[0]!)).toBe('发动机水温过高');
    expect(symptomText('the combine loses hydraulic pressure', null)).toBe('combine loses hydraulic pressure');
  });
});

describe('corrective work order from manual passages', () => {
  const page = (n: number, text: string) => ({
    documentId: '00000000-0000-4000-8000-000000000001',
    versionId: '00000000-0000-4000-8000-000000000002',
    title: 'GV-9 手册',
    page: n,
    pageLabel: String(n - 2),
    text,
    snippet: text.slice(0, 40),
  });
  const base = {
    asset: { id: 'a1', name: 'GV-9 #01', modelName: 'GV-9' },
    language: 'zh' as const,
    window: { plannedStart: '2026-12-04T00:00:00.000Z', plannedEnd: '2026-12-04T04:00:00.000Z' },
    estimatedHours: 4,
  };
  it('a fault-code row gives the first cause and a step; sentences with a servicing verb are the checklist, each citing its page', () => {
    const item = buildCorrective({
      ...base,
      symptom: '报 E12',
      faultCode: 'E12',
      passages: [
        page(5, 'E12 水温传感器断路 检查传感器插头和线束\nE21 液压油温过高 清洗液压油散热器'),
        page(4, '停机冷却后检查冷却液液位。\n检查风扇皮带张紧度，皮带打滑时调整或更换风扇皮带。'),
      ],
      history: { failedChecks: [{ label: '冷却液液位', note: '偏低' }] },
    });
    expect(item.causes[0]).toMatchObject({ rank: 1, cause: '水温传感器断路', citation: { page: 5 } });
    expect(item.causes.at(-1)!.cause).toContain('冷却液液位');
    // the E21 row (another code) is left out
    expect(item.checklist.map((s) => s.label)).toEqual([
      '检查传感器插头和线束',
      '停机冷却后检查冷却液液位。',
      '检查风扇皮带张紧度，皮带打滑时调整或更换风扇皮带。',
    ]);
    expect(item.parts.map((p) => p.name)).toContain('风扇皮带');
    expect(item.citations.map((c) => c.page)).toEqual([5, 4]);
    expect(item.manualEvidence).toBe(true);
    // same input → same key; the request carries the steps as checklist and the pages in the description
    // the key is the machine, title and window: the same diagnosis again → the same key; another window → another
    expect(
      buildCorrective({ ...base, symptom: '报 E12', faultCode: 'E12', passages: [], history: { failedChecks: [] } })
        .itemKey,
    ).toBe(item.itemKey);
    expect(
      buildCorrective({
        ...base,
        window: { plannedStart: '2026-12-05T00:00:00.000Z', plannedEnd: '2026-12-05T04:00:00.000Z' },
        symptom: '报 E12',
        faultCode: 'E12',
        passages: [],
        history: { failedChecks: [] },
      }).itemKey,
    ).not.toBe(item.itemKey);
    const req = correctiveRequest(item);
    expect(req).toMatchObject({
      type: 'CORRECTIVE',
      assetId: 'a1',
      priority: 4,
      plannedStart: base.window.plannedStart,
    });
    expect(req.checklist).toHaveLength(item.checklist.length);
    expect(req.description).toContain('GV-9 手册 p.3');
  });
  it('a code row with a causes column: each named cause, in order, before anything else', () => {
    const item = buildCorrective({
      ...base,
      symptom: '报 E12',
      faultCode: 'E12',
      passages: [
        page(
          9,
          '现象：水温表指针进入红区，散热器堵塞是最常见的原因。\nE12 | 冷却液温度过高 | 散热器堵塞、冷却液不足、风扇皮带打滑 | 按 5.3 节排除',
        ),
      ],
      history: { failedChecks: [] },
    });
    expect(item.causes.map((c) => c.cause)).toEqual([
      '散热器堵塞',
      '冷却液不足',
      '风扇皮带打滑',
      '现象：水温表指针进入红区，散热器堵塞是最常见的原因。',
    ]);
    expect(item.checklist.map((s) => s.label)).toEqual(['按 5.3 节排除']);
  });
  it('running headers and footers, numbering and passages far below the best one are left out', () => {
    const item = buildCorrective({
      ...base,
      symptom: '发动机水温过高',
      faultCode: null,
      passages: [
        {
          ...page(4, 'GV-9 手册 | 7 故障排除\n1. 清理散热器上的杂草。\n2) 检查风扇皮带张紧度。\n7 故障排除 | 7-2'),
          score: 10,
        },
        { ...page(2, '由于产品不断改进，本手册插图可能与机器略有差异。\n更换机油滤清器。'), score: 2 },
        { ...page(1, '前言：由于产品不断改进，发动机水温过高时请联系服务站。'), pageLabel: 'iii', score: 9 },
      ],
      history: { failedChecks: [] },
    });
    expect(item.checklist.map((s) => s.label)).toEqual(['清理散热器上的杂草。', '检查风扇皮带张紧度。']);
    expect(item.citations.map((c) => c.page)).toEqual([4]);
    expect(item.causes.every((c) => !c.cause.includes('产品不断改进'))).toBe(true);
  });
  it('no passage → says so through manualEvidence, one inspection step, causes from the history', () => {
    const item = buildCorrective({
      ...base,
      symptom: '发动机冒黑烟',
      faultCode: null,
      passages: [],
      history: { failedChecks: [{ label: '空气滤清器', note: null }] },
    });
    expect(item.manualEvidence).toBe(false);
    expect(item.citations).toEqual([]);
    expect(item.checklist).toHaveLength(1);
    expect(item.causes).toEqual([{ rank: 1, cause: '此前检查未通过：空气滤清器', citation: null }]);
  });
});

describe('business periods look back', () => {
  const today = '2026-12-03'; // a Thursday
  it.each([
    ['上个月每公顷成本', '2026-11-01', '2026-11-30'],
    ['last month', '2026-11-01', '2026-11-30'],
    ['二队这周利用率', '2026-11-30', '2026-12-03'],
    ['last week', '2026-11-23', '2026-11-29'],
    ['今年哪些机器故障最多', '2026-01-01', '2026-12-03'],
    ['最近7天', '2026-11-27', '2026-12-03'],
    ['past 10 days', '2026-11-24', '2026-12-03'],
    ['what is our utilization', '2026-11-04', '2026-12-03'],
  ])('%s → %s..%s', (goal, from, to) => {
    expect(businessPeriod(goal, today)).toMatchObject({ from, to });
  });
});
