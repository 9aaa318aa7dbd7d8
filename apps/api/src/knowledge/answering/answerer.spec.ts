import { describe, expect, it } from 'vitest';
import { intentOf, isNumberedStep } from './answer-parts.js';
import { entitiesOf } from './entities.js';
import { supportingSentences, weighWords } from '../retrieval/evidence.js';
import { extractiveAnswer, FOUND_THRESHOLD, isFound, type AnswerContext } from './extractive-answerer.js';
import type { Retrieval, RetrievedPassage } from '../retrieval/retriever.js';

const ww = weighWords(['wheelbase', 'tractor'], new Map(), 100);
const passage = (over: Partial<RetrievedPassage>): RetrievedPassage => ({
  chunkId: 'c',
  documentId: 'd',
  versionId: 'v',
  title: 'T',
  language: 'en',
  page: 1,
  pageEnd: 1,
  pageLabel: '1',
  section: null,
  snippet: '',
  text: '',
  score: 0,
  coverage: 0,
  support: [],
  words: ww,
  ...over,
});
const retrieval = (passages: RetrievedPassage[]): Retrieval => ({ passages, mode: 'lexical', words: ww });

/** A passage of one page whose support is read from its own text (the steps tests' builder). */
const onePage =
  (words: ReturnType<typeof weighWords>) =>
  (chunkId: string, section: string, text: string, coverage: number, pageNo: number) =>
    passage({
      chunkId,
      section,
      text,
      coverage,
      words,
      page: pageNo,
      pageEnd: pageNo,
      support: supportingSentences(words, text, section, [{ page: pageNo, text }]),
    });

/** The extractive answer when each passage's whole section is `sections[chunkId]` (one page). */
const answerFromSections = (
  question: string,
  words: ReturnType<typeof weighWords>,
  passages: RetrievedPassage[],
  sections: Record<string, string>,
) =>
  extractiveAnswer(
    question,
    { ...retrieval(passages), words },
    {
      labelOf: (_v, p) => String(p),
      sectionOf: (p) => ({ text: sections[p.chunkId]!, pages: [{ page: p.page, text: sections[p.chunkId]! }] }),
    },
  );

/** one passage of its own manual (`versionId`) on `page`, its sentences weighed by `words` */
function manualPassage(
  words: ReturnType<typeof weighWords>,
  versionId: string,
  text: string,
  coverage: number,
  page: number,
) {
  return passage({
    versionId,
    documentId: versionId,
    title: versionId,
    text,
    coverage,
    words,
    support: supportingSentences(words, text, null, [{ page, text }]),
  });
}

describe('found threshold', () => {
  it('is met by any retrieved passage, not only the first three', () => {
    const low = passage({ coverage: FOUND_THRESHOLD - 0.01 });
    expect(isFound(retrieval([low, low, low]))).toBe(false);
    expect(isFound(retrieval([low, low, low, passage({ coverage: FOUND_THRESHOLD })]))).toBe(true);
    expect(isFound(retrieval([]))).toBe(false);
  });

  it('a thing the question names that no manual says in any form is refused, however high the coverage', () => {
    const r = { ...retrieval([passage({ coverage: 0.9, title: 'GN70 Manual' })]), absent: ['行距'] };
    expect(isFound(r)).toBe(false);
    const a = extractiveAnswer('GN70 玉米割台的行距是多少？', r, { labelOf: () => '1' });
    expect(a.found).toBe(false);
    expect(a.citations).toEqual([]);
    expect(a.answer).toContain('没有提到“行距”');
    expect(a.answer).toContain('《GN70 Manual》');
  });

  it('a question without content words is never found', () => {
    const r = retrieval([passage({ coverage: 1 })]);
    expect(isFound({ ...r, words: weighWords([], new Map(), 1) })).toBe(false);
  });
});

describe('what a question asks for', () => {
  it('"what should I check" wants the steps; "how many" a value', () => {
    expect(intentOf('My engine is overheating. What should I check?', [])).toBe('steps');
    expect(intentOf('起飞前要检查哪些地方？', [])).toBe('steps');
    expect(intentOf('How many litres does the tank hold?', [])).toBe('value');
  });
  it('"may I / can I / 能不能" asks for the rule; "how can I" still wants the steps', () => {
    expect(intentOf('发动机没熄火的时候，能不能打开机罩检查皮带？', [])).toBe('permission');
    expect(intentOf('割台升起时人能钻到下面去吗？', [])).toBe('permission');
    expect(intentOf('Can I open the radiator cap while the engine is hot?', [])).toBe('permission');
    expect(intentOf('Is it safe to refuel with the engine running?', [])).toBe('permission');
    expect(intentOf('How can I open the radiator cap safely?', [])).toBe('steps');
    expect(intentOf('能不能告诉我机油加多少？', [])).toBe('value');
  });
  it('"in what order" asks for the steps', () => {
    expect(intentOf('In what order do I add water and chemicals when mixing a tank load?', [])).toBe('steps');
    expect(intentOf('加水和加药的先后顺序是什么？', [])).toBe('steps');
  });
  it('a numbered step is a procedure item, a bullet is not', () => {
    expect(isNumberedStep('3. Turn the key to start.')).toBe(true);
    expect(isNumberedStep('（2）拧紧螺塞。')).toBe(true);
    expect(isNumberedStep('• Section 2 covers starting.')).toBe(false);
  });
  it('a maker and model number is an entity; a table or step number is not', () => {
    expect(entitiesOf('What tyre pressure does the Claas Lexion 8700 need?').map((e) => e.text)).toEqual([
      'Lexion 8700',
    ]);
    expect(entitiesOf('See Table 6, Step 3; Every 500 h; Below 1200 rpm')).toEqual([]);
    expect(entitiesOf('What does alarm A405 mean?').map((e) => e.text)).toEqual(['A405']);
  });
});

describe('extractive answers', () => {
  const steps = [
    'Oil change',
    'Never drain hot oil without gloves.',
    '1. Run the engine until warm.',
    '2. Remove the drain plug.',
    '3. Install the drain plug and tighten to 45 N·m.',
    '4. Fill with 19.5 L of oil.',
  ].join('\n');
  const page = { page: 8, text: steps };
  const ctx: AnswerContext = {
    labelOf: (_v, p) => String(p),
    sectionOf: () => ({ text: steps, pages: [page] }),
  };

  it('a step found for a value question comes with its whole procedure, in order', () => {
    const words = weighWords(['drain', 'plug', 'torque'], new Map(), 10);
    const support = supportingSentences(words, steps, 'Oil change', [page]);
    const p = passage({ text: steps, section: 'Oil change', coverage: 0.9, support, words, page: 8, pageEnd: 8 });
    const a = extractiveAnswer('What torque does the drain plug get?', { ...retrieval([p]), words }, ctx);
    expect(a.found).toBe(true);
    const body = a.answer.split('\n').slice(1);
    expect(body.map((l) => l.replace(/ \[\d+\]$/, ''))).toEqual([
      'Never drain hot oil without gloves.',
      '1. Run the engine until warm.',
      '2. Remove the drain plug.',
      '3. Install the drain plug and tighten to 45 N·m.',
      '4. Fill with 19.5 L of oil.',
    ]);
  });

  it('a steps question takes the procedure whose section heading says what was asked, below other sections', () => {
    const words = weighWords(['engine', 'oil', 'filter', 'change', 'explain', 'whole'], new Map(), 10);
    const table = 'Interval | Service\nEvery 500 h | Change engine oil and oil filter';
    const breakIn = '• Check the engine oil level often.\n• Change the engine oil and filter after 100 h.';
    const mk = onePage(words);
    const passages = [
      mk('table', '3 Maintenance › 3.2 Service intervals', table, 0.7, 7),
      mk('break-in', '2 Operation › 2.2 Break-in period', breakIn, 0.65, 6),
      mk('dtc', '5 Diagnostic trouble codes', 'SPN 100 | Low engine oil pressure | Check the oil level', 0.6, 14),
      mk('steps', '3 Maintenance › 3.3 Changing the engine oil and filter', steps, 0.6, 8),
    ];
    const sections: Record<string, string> = { table, 'break-in': breakIn, dtc: passages[2]!.text, steps };
    const a = answerFromSections('Explain the whole engine oil and filter change.', words, passages, sections);
    expect(a.answer).toContain('1. Run the engine until warm.');
    expect(a.answer).toContain('4. Fill with 19.5 L of oil.');
    expect(a.answer).not.toContain('after 100 h');
  });

  it('a steps question never takes the procedure of a section whose headings say nothing of it', () => {
    const words = weighWords(['收获', '季节', '结束', '保养', '存放'], new Map(), 10);
    const table = '周期 | 保养内容\n每班（10 小时） | 清理滤网\n收获季结束 | 彻底清理整机，蓄电池拆下充足电后存放';
    const fire = '警告收获季节秸秆容易在排气管附近堆积。';
    const overheat = '1. 检查旋转滤网和散热器。\n2. 冷却后检查膨胀水箱液位。\n3. 检查风扇皮带。';
    const mk = onePage(words);
    const passages = [
      mk('table', '4 保养与润滑 › 4.1 保养周期', table, 0.8, 8),
      mk('fire', '安全须知 › 防火', fire, 0.8, 4),
      mk('overheat', '5 故障排除 › 5.3 发动机水温过高', overheat, 0.65, 10),
    ];
    const texts: Record<string, string> = { table, fire, overheat };
    const a = answerFromSections('收获季节结束后收割机应该怎样保养存放？', words, passages, texts);
    expect(a.answer).toContain('收获季结束');
    expect(a.answer).not.toContain('检查风扇皮带');
  });

  it("a steps question whose section is prose gets the section whole, in order, not other sections' sentences", () => {
    const words = weighWords(['脱粒', '滚筒堵塞', '清理'], new Map(), 10);
    const lamps =
      '指示灯 | 含义 | 处理\n滚筒转速报警（黄） | 滚筒转速低于设定值 10% | 降低作业速度，防止滚筒堵塞\n空滤堵塞（黄） | 进气阻力过大 | 清理空气滤清器';
    const belt = '脱粒滚筒主传动皮带过松会打滑发热，是滚筒堵塞的常见原因；过紧会加快轴承磨损。';
    const drum = [
      '5.1 滚筒堵塞',
      '滚筒堵塞多由喂入量过大、作物过湿或主传动皮带打滑引起。发生堵塞后立即分离工作离合器并熄火，打开滚筒检视口，反向转动滚筒清除堵塞物，严禁在发动机运转时用手掏取。湿度大的早晨和傍晚应降低作业速度。',
    ].join('\n');
    const mk = onePage(words);
    const passages = [
      mk('lamps', '2 操纵与仪表 › 2.2 仪表与报警', lamps, 0.66, 6),
      mk('belt', '4 保养与润滑 › 4.4 传动皮带张紧度', belt, 0.66, 8),
      mk('drum', '5 故障排除 › 5.1 滚筒堵塞', drum, 0.43, 10),
    ];
    const a = answerFromSections('脱粒滚筒堵住了应该怎么清理？', words, passages, { lamps, belt, drum });
    const body = a.answer
      .split('\n')
      .slice(1)
      .map((l) => l.replace(/ \[\d+\]$/, ''));
    expect(body).toEqual([
      '滚筒堵塞多由喂入量过大、作物过湿或主传动皮带打滑引起。',
      '发生堵塞后立即分离工作离合器并熄火，打开滚筒检视口，反向转动滚筒清除堵塞物，严禁在发动机运转时用手掏取。',
      '湿度大的早晨和傍晚应降低作业速度。',
    ]);
    expect(a.citations.every((c) => c.page === 10)).toBe(true);
  });

  it('a section with a table, or a heading naming little of the question, is not taken as prose', () => {
    const words = weighWords(['clear', 'cause', 'code', '003364'], new Map(), 10);
    const codes = [
      'Codes are shown as controller, SPN and FMI.',
      'Only frequent codes are listed.',
      'Code | Description | Remedy',
      'ECU 003364.18 | DEF quality poor | Drain the tank and refill',
    ].join('\n');
    const mk = onePage(words);
    const passages = [mk('codes', '5 Diagnostic Trouble Codes', codes, 0.78, 14)];
    const a = answerFromSections('How do I clear the cause of code 003364.18?', words, passages, { codes });
    expect(a.answer).toContain('003364.18');
  });

  it('the manual that says clearly more of the question leads, not the best-ranked one', () => {
    const words = weighWords(['header', 'drop', 'slowly'], new Map(), 10);
    const en = 'The rate-of-drop knob sets how fast the implement lowers.';
    const zh = '割台下降后自行缓慢下沉，通常是割台油缸密封圈内泄漏，应更换密封件。';
    const mk = (versionId: string, text: string, coverage: number) =>
      manualPassage(words, versionId, text, coverage, 11);
    const r = { ...retrieval([mk('tractor', en, 0.38), mk('combine', zh, 0.54)]), words };
    const a = extractiveAnswer('The header drops slowly by itself. What is the cause?', r, { labelOf: () => '11' });
    expect(a.citations[0]!.versionId).toBe('combine');
  });

  it('answers from one manual: another manual sharing the words is left out', () => {
    const words = weighWords(['serial', 'number'], new Map(), 10);
    const textA = 'The serial number is stamped on the frame.';
    const textB = 'The serial number plate is on the cab post.';
    const mk = (versionId: string, text: string, coverage: number) =>
      manualPassage(words, versionId, text, coverage, 2);
    const a = extractiveAnswer(
      'Where is the serial number?',
      { ...retrieval([mk('A', textA, 1), mk('B', textB, 1)]), words },
      { labelOf: () => '2' },
    );
    expect(a.citations.map((c) => c.versionId)).toEqual(['A']);
  });
});
