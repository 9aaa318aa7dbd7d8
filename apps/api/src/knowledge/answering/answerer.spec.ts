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

  it('answers from one manual: another manual sharing the words is left out', () => {
    const words = weighWords(['serial', 'number'], new Map(), 10);
    const textA = 'The serial number is stamped on the frame.';
    const textB = 'The serial number plate is on the cab post.';
    const mk = (versionId: string, text: string, coverage: number) =>
      passage({
        versionId,
        documentId: versionId,
        title: versionId,
        text,
        coverage,
        words,
        support: supportingSentences(words, text, null, [{ page: 2, text }]),
      });
    const a = extractiveAnswer(
      'Where is the serial number?',
      { ...retrieval([mk('A', textA, 1), mk('B', textB, 1)]), words },
      { labelOf: () => '2' },
    );
    expect(a.citations.map((c) => c.versionId)).toEqual(['A']);
  });
});
