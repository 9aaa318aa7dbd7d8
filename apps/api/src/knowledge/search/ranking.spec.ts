import { describe, expect, it } from 'vitest';
import { intentOf, isNumberedStep } from './answer-parts.js';
import { entitiesOf } from './entities.js';
import { rowContext, supportingSentences, weighWords } from './evidence.js';
import { extractiveAnswer, FOUND_THRESHOLD, isFound, type AnswerContext } from './extractive-answerer.js';
import { rrf, RRF_K, type Retrieval, type RetrievedPassage } from './retriever.js';

const ids = (...xs: string[]) => xs.map((id) => ({ id, score: 1 }));

describe('reciprocal rank fusion', () => {
  it('sums w / (k + rank) over the lists a chunk is in', () => {
    const fused = rrf([ids('a', 'b'), ids('b', 'c')]);
    expect(fused.get('a')).toBeCloseTo(1 / (RRF_K + 1));
    expect(fused.get('b')).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 1));
    expect(fused.get('c')).toBeCloseTo(1 / (RRF_K + 2));
    expect([...fused].sort((x, y) => y[1] - x[1])[0]![0]).toBe('b');
  });

  it('weighs each list (the glossary expansion at half) and leaves unlisted chunks out', () => {
    const fused = rrf([ids('a'), ids('b')], 60, [1, 0.5]);
    expect(fused.get('a')).toBeCloseTo(1 / 61);
    expect(fused.get('b')).toBeCloseTo(0.5 / 61);
    expect(fused.has('z')).toBe(false);
    // an empty list adds nothing; a missing weight is 1
    expect(rrf([[], ids('x')], 10).get('x')).toBeCloseTo(1 / 11);
  });
});

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

describe('found threshold', () => {
  it('is met by any retrieved passage, not only the first three', () => {
    const low = passage({ coverage: FOUND_THRESHOLD - 0.01 });
    expect(isFound(retrieval([low, low, low]))).toBe(false);
    expect(isFound(retrieval([low, low, low, passage({ coverage: FOUND_THRESHOLD })]))).toBe(true);
    expect(isFound(retrieval([]))).toBe(false);
  });

  it('a question without content words is never found', () => {
    const r = retrieval([passage({ coverage: 1 })]);
    expect(isFound({ ...r, words: weighWords([], new Map(), 1) })).toBe(false);
  });
});

describe('table rows are read with their column names', () => {
  const table = ['Table 3-2 Capacities', 'Item | Capacity', 'Fuel tank | 400 L', 'DEF tank | 47 L'];
  it('rowContext gives the caption and header with the row', () => {
    expect(rowContext('DEF tank | 47 L', table)).toBe('Table 3-2 Capacities\nItem | Capacity\nDEF tank | 47 L');
    expect(rowContext('not there', table)).toBe('not there');
  });
  it('a row whose header holds the asked words is the best support', () => {
    const words = weighWords(['capacity', 'def'], new Map(), 10);
    const text = ['The DEF lamp comes on below 10 %.', ...table].join('\n');
    const [best] = supportingSentences(words, text, null, [{ page: 3, text }]);
    expect(best!.sentence).toBe('DEF tank | 47 L');
  });
});

describe('what a question asks for', () => {
  it('"what should I check" wants the steps; "how many" a value', () => {
    expect(intentOf('My engine is overheating. What should I check?', [])).toBe('steps');
    expect(intentOf('起飞前要检查哪些地方？', [])).toBe('steps');
    expect(intentOf('How many litres does the tank hold?', [])).toBe('value');
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
