import { describe, expect, it } from 'vitest';
import { askedUnits, rowHoldsValue } from './answer-parts.js';
import { supportingSentences, weighWords, type WeightedWords } from '../retrieval/evidence.js';
import { extractiveAnswer, type AnswerContext } from './extractive-answerer.js';
import type { RetrievedPassage } from '../retrieval/retriever.js';

// value questions: among the sentences and rows holding a value, the one saying most of what was
// asked (its words, and the unit asked for) is the answer, wherever the manual's passage ranks
const mk = (
  words: WeightedWords,
  chunkId: string,
  section: string,
  text: string,
  coverage: number,
  page: number,
  versionId = 'v',
): RetrievedPassage => ({
  chunkId,
  documentId: versionId,
  versionId,
  title: versionId,
  language: 'en',
  page,
  pageEnd: page,
  pageLabel: String(page),
  section,
  snippet: '',
  text,
  score: 0,
  coverage,
  words,
  support: supportingSentences(words, text, section, [{ page, text }]),
});
const ctxOf = (passages: RetrievedPassage[]): AnswerContext => ({
  labelOf: (_v, p) => String(p),
  sectionOf: (p) => {
    const q = passages.find((x) => x.chunkId === p.chunkId)!;
    return { text: q.text, pages: [{ page: q.page, text: q.text }] };
  },
});
const body = (answer: string) => answer.split('\n').slice(1).join('\n');

describe('value answers', () => {
  it('the unit asked for: "how many litres" takes the row printing litres, not a lamp row printing a percentage', () => {
    const words = weighWords(['litre', 'def', 'tank', 'hold'], new Map(), 10);
    // both manuals answer (≥ the found threshold); the best-ranked one's figure is the answer
    const passages = [
      mk(words, 'dtc', 'Codes', 'Code | Description\nECU 001761.01 | DEF tank level very low', 0.41, 14),
      mk(words, 'lamps', 'Lamps', 'Lamp | Meaning\nDEF level (amber) | DEF tank below 10 %', 0.41, 5),
      mk(words, 'other', 'About', 'The other machine has an AdBlue tank of 60 L.', 0.44, 3, 'w'),
      mk(words, 'caps', 'Capacities', 'System | Capacity\nFuel tank | 330 L\nDEF tank | 47 L', 0.41, 8),
    ];
    const a = extractiveAnswer(
      'How many litres does the DEF tank hold?',
      { passages, mode: 'lexical', words },
      ctxOf(passages),
    );
    expect(a.found).toBe(true);
    expect(body(a.answer).split('\n')[0]).toContain('47 L');
    expect(a.answer).not.toContain('60 L');
  });

  it('a step without a value never brings its procedure into a value answer', () => {
    const words = weighWords(['heavy', 'sprayer', 'empty'], new Map(), 10);
    const steps =
      '1. Fill the main tank with half of the water.\n2. Rinse the empty containers and add the rinse water.';
    const passages = [
      mk(words, 'fill', 'Filling the main tank', steps, 0.63, 6),
      mk(words, 'data', 'Technical data', 'Item | Value\nEmpty weight | 5450 kg\nMain tank | 6300 L', 0.63, 11),
    ];
    const a = extractiveAnswer(
      'How heavy is the sprayer when empty?',
      { passages, mode: 'lexical', words },
      ctxOf(passages),
    );
    expect(a.found).toBe(true);
    expect(body(a.answer).split('\n')[0]).toContain('5450 kg');
    expect(a.answer).not.toContain('1. Fill the main tank');
  });

  it('a table row whose header names the units holds a value (the crop row, not a step printing "10 L")', () => {
    const words = weighWords(['水稻', '每亩', '用', '飞'], new Map(), 10);
    const table = '表 3-1 推荐参数\n作物 | 亩用量 L | 飞行高度 m\n水稻 | 1.0 ~ 1.5 | 2.5\n小麦 | 1.0 | 3';
    const steps =
      '1. 飞行前在药箱中加入约 10 L 清水，每亩用量按 App 计算。\n2. 在 App 中点击开始校准，飞行器每亩用量自动计算。';
    const passages = [
      mk(words, 'rows', '3.1 喷洒参数推荐', table, 0.75, 7),
      mk(words, 'cal', '2.3 流量计校准', steps, 0.64, 6),
    ];
    const a = extractiveAnswer(
      '给水稻打药每亩用多少药液，飞多高？',
      { passages, mode: 'lexical', words },
      ctxOf(passages),
    );
    expect(a.found).toBe(true);
    expect(body(a.answer).split('\n')[0]).toContain('水稻');
    expect(a.answer).not.toContain('10 L');
    expect(rowHoldsValue('水稻 | 1.0 ~ 1.5 | 2.5', table)).toBe(true);
    expect(rowHoldsValue('作物 | 亩用量 L | 飞行高度 m', table)).toBe(false);
    expect(rowHoldsValue('E12 | 水温过高', 'Code | Meaning\nE12 | 水温过高')).toBe(false);
  });

  it('the table row naming the asked quantity states a value that a procedure step prints in passing', () => {
    const words = weighWords(['hydraulic', 'pressure', 'tractor', 'supply'], new Map(), 10);
    const steps =
      '1. Couple the hoses to the tractor.\n2. Check that the tractor hydraulic oil pressure is 180 bar before lowering.\n3. Lower the support leg.';
    const data = 'Table 2-1 Technical data\nItem | Value\nWorking width | 6.3 m\nHydraulic pressure | 180 bar';
    const passages = [
      mk(words, 'couple', '2.1 Coupling to the tractor', steps, 0.82, 5),
      mk(words, 'data', '1 Technical data', data, 0.61, 4),
    ];
    const a = extractiveAnswer(
      'How much hydraulic pressure does the tractor need to supply?',
      { passages, mode: 'lexical', words },
      ctxOf(passages),
    );
    expect(a.found).toBe(true);
    expect(body(a.answer).split('\n')[0]).toContain('Item: Hydraulic pressure; Value: 180 bar');
    expect(a.citations[0]!.page).toBe(4);
    // the value is not an excuse to give the whole coupling procedure
    expect(a.answer).not.toContain('1. Couple the hoses');
  });

  it('a pressure or a temperature asked for is a number printed in its units', () => {
    expect(
      askedUnits('Within what pressure range should I spray?').map((u) => u.test('Spray between 1.5 and 5 bar.')),
    ).toEqual([true]);
    expect(askedUnits('喷雾压力应该在什么范围内？').map((u) => u.test('A pressure drop while spraying'))).toEqual([
      false,
    ]);
    expect(askedUnits('节温器在什么温度开启？').map((u) => u.test('节温器在 76 ℃ 开始开启'))).toEqual([true]);
  });

  it('knows the unit a question asks for, in either language', () => {
    expect(askedUnits('How many litres does the DEF tank hold?').map((u) => u.test('47 L'))).toEqual([true]);
    expect(askedUnits('尿素箱能装多少升？').map((u) => u.test('DEF tank | 47 L'))).toEqual([true]);
    expect(askedUnits('How heavy is the sprayer when empty?').map((u) => u.test('5450 kg'))).toEqual([true]);
    expect(askedUnits('How many litres?').map((u) => u.test('580 L/min'))).toEqual([false]);
    expect(askedUnits('Where is the serial number?')).toEqual([]);
    // how fast to drive is a speed over the ground, not how fast a tank fills
    expect(askedUnits('播种时拖拉机开多快合适？').map((u) => u.test('Sow at 10 to 14 km/h.'))).toEqual([true]);
    expect(askedUnits('How fast should the tractor go when sowing?').map((u) => u.test('10 to 14 km/h'))).toEqual([
      true,
    ]);
    expect(askedUnits('How fast does the main tank fill through the suction connection?')).toEqual([]);
    // 升 of 提升 / 升运器 is no unit
    expect(askedUnits('提升器升不起来怎么办？')).toEqual([]);
  });
});

describe('rule answers', () => {
  it('"may I…?" is answered by the rule (a warning sentence) first, before the causes and remedies', () => {
    const words = weighWords(['割台', '堵塞', '直接', '用手', '清理'], new Map(), 10);
    const fault = '割台堵塞多因喂入量过大或作物过湿。降低作业速度，减小割幅后再作业。堵塞清除后检查安全离合器。';
    const safety = '作业结束后清理割台上的秸秆。割台堵塞时，严禁在发动机运转的情况下用手清理。必须先熄火并拔下钥匙。';
    // a fault code's remedy "不要…" is no rule to answer "may I" with
    const codes = '代码 | 含义 | 处理\nE31 | 割台堵塞 | 清理割台，不要用手直接清理搅龙';
    const passages = [
      mk(words, 'codes', '6 故障代码', codes, 0.6, 12),
      mk(words, 'fault', '5.1 割台堵塞', fault, 0.6, 9),
      mk(words, 'safety', '安全须知', safety, 0.5, 3),
    ];
    const a = extractiveAnswer(
      '割台堵了，能不能直接用手把秸秆清理出来？',
      { passages, mode: 'lexical', words },
      ctxOf(passages),
    );
    expect(a.found).toBe(true);
    expect(body(a.answer).split('\n')[0]).toContain('严禁在发动机运转的情况下用手清理');
    expect(a.citations[0]!.page).toBe(3);
    // and the way the rule gives, right after it
    expect(body(a.answer).split('\n')[1]).toContain('必须先熄火并拔下钥匙');
  });
});

describe('capacity answers', () => {
  it('"how much does the hopper hold" asks for a volume or a mass: the capacity row, not a step printing litres', () => {
    expect(askedUnits('How much seed does the drill hopper hold?').some((u) => u.test('3500 L'))).toBe(true);
    expect(askedUnits('种箱能装多少种子？').some((u) => u.test('2.5 t'))).toBe(true);
    expect(askedUnits('How much seed does the drill hopper hold?').some((u) => u.test('580 L/min'))).toBe(false);
    const words = weighWords(['seed', 'drill', 'hopper', 'hold'], new Map(), 10);
    // the capacity row says "hold" as the glossary's capacity (realised per passage, see glossary/expansion.ts)
    const spec = weighWords(['seed', 'drill', 'hopper', 'capacity'], new Map(), 10);
    const passages = [
      mk(
        words,
        'fill',
        '3.8 Filling the hopper',
        'Fill the hopper from the loading platform. Keep the sieve in the hopper: it holds back stones and lumps of seed. Close the lid after filling so that rain cannot reach the seed.',
        1,
        6,
      ),
      mk(
        words,
        'cal',
        '2.2 Calibration test',
        '1. Fill at least 100 L of seed into the hopper.\n2. Enter the target rate.',
        0.75,
        5,
      ),
      mk(
        spec,
        'data',
        '1 Technical data',
        'Item | Value\nWorking width | 6.0 m\nSeed hopper capacity | 3500 L\nEmpty weight | 4850 kg',
        0.75,
        4,
      ),
    ];
    const a = extractiveAnswer(
      'How much seed does the drill hopper hold?',
      { passages, mode: 'lexical', words },
      ctxOf(passages),
    );
    expect(a.found).toBe(true);
    expect(body(a.answer).split('\n')[0]).toContain('3500 L');
    expect(a.answer).not.toContain('100 L');
  });
});

describe('a value printed under another heading of the same page', () => {
  it('the speed asked is taken from the passage the page already stood for in the ranking', () => {
    const words = weighWords(['tractor', 'drill', 'speed'], new Map(), 10);
    const fan = mk(
      words,
      'fan',
      '3 Operation › 3.1 Starting work',
      'Switch the fan on and let it run at working speed before the first run. Lower the drill only while the tractor is moving forward.',
      1,
      6,
    );
    // one passage per page is ranked: the forward-speed section of page 6 is kept aside, not lost
    const speed = mk(
      words,
      'speed',
      '3 Operation › 3.2 Forward speed',
      'Drill at 8 to 15 km/h. On stony ground stay at the lower end.',
      0.67,
      6,
    );
    const passages = [fan];
    const a = extractiveAnswer(
      'How fast should the tractor go when drilling?',
      { passages, samePage: [speed], mode: 'lexical', words },
      ctxOf([fan, speed]),
    );
    expect(a.found).toBe(true);
    expect(body(a.answer).split('\n')[0]).toContain('8 to 15 km/h');
    expect(a.citations[0]!.page).toBe(6);
  });
});

// a value question naming the machine: the sentences naming it say nothing of the value, and a
// passage saying nothing but the machine's name does not answer it
describe('a value question naming the machine', () => {
  it('takes the row printing the unit asked for, not the sentences naming the machine', () => {
    // the weights as the retrieval gives them: the machine's words (a tiller) weigh more than "heavy"
    const words = weighWords(['旋耕机', '整机质量'], new Map([['整机质量', 40]]), 100);
    const check = mk(
      words,
      'check',
      '2.2 挂接前的检查',
      '• 拖拉机动力输出轴转速档位与旋耕机要求一致。\n• 旋耕机各部螺栓无松动。\n• 前轮对地的负荷不少于拖拉机自重的 20 %。',
      0.9,
      5,
    );
    const spec = mk(words, 'spec', '1 主要技术参数', '项目 | 参数\n工作幅宽 | 2300 mm\n整机质量 | 680 kg', 0.9, 4);
    const passages = [check, spec];
    const a = extractiveAnswer(
      'How heavy is the rotary tiller?',
      { passages, mode: 'lexical', words },
      ctxOf(passages),
    );
    expect(a.found).toBe(true);
    expect(body(a.answer).split('\n')[0]).toContain('680 kg');
  });

  it('is refused when only the machine’s name is said: an alarm row of the tiller is no tyre pressure of its depth wheels', () => {
    const weight = new Map([
      ['旋耕机', 3],
      ['轮胎气压', 2],
      ['限深轮', 2],
    ]);
    const words = { words: [...weight.keys()], weight, total: 7 };
    const text = '代码 | 含义 | 处理\nE02 | 耕深低于设定值持续 30 s | 检查限深滑板位置和拖拉机悬挂';
    const alarm = { ...mk(words, 'alarm', '5.2 报警代码', text, 0.43, 9), title: '青岭 1GKN-230 卧式旋耕机使用说明书' };
    const a = extractiveAnswer(
      '旋耕机限深轮的轮胎气压是多少？',
      { passages: [alarm], mode: 'lexical', words },
      ctxOf([alarm]),
    );
    expect(a.found).toBe(false);
  });
});
