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
