import { describe, expect, it } from 'vitest';
import { buildMemory, estimateTokens, renderTurn, type MemoryTurn } from './memory.js';

const turn = (n: number, over: Partial<MemoryTurn> = {}): MemoryTurn => ({
  runId: `run-${n}`,
  goal: `goal number ${n}: plan the harvesting next week`,
  status: 'COMPLETED',
  question: null,
  draft: { id: `draft-${n}`, version: 1, items: n, unplaced: 0 },
  ...over,
});
const turns = (k: number) => Array.from({ length: k }, (_, i) => turn(i + 1));

describe('estimateTokens', () => {
  it('counts a CJK character as one token and other text as one per 4 characters (rounded up)', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('安排下周收获')).toBe(6);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
    expect(estimateTokens('下周 harvest')).toBe(2 + Math.ceil(8 / 4));
    expect(estimateTokens('，。')).toBe(2); // CJK punctuation
  });
});

describe('buildMemory', () => {
  it('keeps everything in the window when it fits, oldest → newest, no summary', () => {
    const m = buildMemory(turns(3), { tokenBudget: 1000 });
    expect(m.window.map((t) => t.runId)).toEqual(['run-1', 'run-2', 'run-3']);
    expect(m.summary).toBeNull();
    expect(m.folded).toBe(0);
    expect(m.windowTokens).toBe(m.window.reduce((s, t) => s + t.tokens, 0));
  });

  it('respects the budget: the window is the newest contiguous turns that fit; the rest is folded', () => {
    const all = turns(10);
    const per = estimateTokens(renderTurn(all[9]!));
    const m = buildMemory(all, { tokenBudget: per * 3 + 1 });
    expect(m.windowTokens).toBeLessThanOrEqual(per * 3 + 1);
    expect(m.window.map((t) => t.runId)).toEqual(['run-8', 'run-9', 'run-10']);
    expect(m.folded).toBe(7);
    expect(m.summary).toMatch(/^Earlier: 7 goals — /);
    expect(m.summary).toContain('goal number 7');
    // folded goals keep their order in the summary
    expect(m.summary!.indexOf('goal number 1:')).toBeLessThan(m.summary!.indexOf('goal number 7'));
  });

  it('bounds the summary: the newest folded goals that fit, the cut marked, the count kept', () => {
    const m = buildMemory(turns(40), { tokenBudget: 0, summaryTokenBudget: 60 });
    expect(m.window).toEqual([]);
    expect(m.folded).toBe(40);
    expect(m.summaryTokens).toBeLessThanOrEqual(60);
    expect(m.summary).toMatch(/^Earlier: 40 goals — …; /);
    expect(m.summary).toContain('goal number 40');
    expect(m.summary).not.toContain('goal number 1:');
  });

  it('a zero budget for everything gives an empty memory, not an overflow', () => {
    const m = buildMemory(turns(5), { tokenBudget: 0, summaryTokenBudget: 0 });
    expect(m).toMatchObject({ window: [], summary: null, summaryTokens: 0, folded: 5 });
  });

  it('clips long goals; Chinese costs more tokens per character than English', () => {
    const zh = turn(1, { goal: '安排下周的收获作业，避开维修中的机器'.repeat(20) });
    const text = renderTurn(zh);
    expect([...text.split(' → ')[0]!].length).toBe(201); // 200 characters + "…"
    const en = turn(2, { goal: 'a'.repeat(200) });
    expect(estimateTokens(renderTurn(zh))).toBeGreaterThan(estimateTokens(renderTurn(en)));
  });

  it('renders outcomes: draft version and counts, the question asked, no draft', () => {
    expect(renderTurn(turn(1, { draft: { id: 'd', version: 2, items: 5, unplaced: 1 } }))).toMatch(
      /→ draft v2, 5 items, 1 unplaced$/,
    );
    expect(renderTurn(turn(1, { status: 'NEEDS_INPUT', draft: null, question: '请说明时间段。' }))).toMatch(
      /→ asked: 请说明时间段。$/,
    );
    expect(renderTurn(turn(1, { draft: null }))).toMatch(/→ no draft$/);
    expect(renderTurn(turn(1, { status: 'FAILED', draft: null }))).toMatch(/→ failed$/);
  });

  it('is deterministic', () => {
    const all = turns(25);
    expect(buildMemory(all, { tokenBudget: 80, summaryTokenBudget: 50 })).toEqual(
      buildMemory(all, { tokenBudget: 80, summaryTokenBudget: 50 }),
    );
  });

  it('never carries facts: extra fields on a turn (machine status, bookings) appear nowhere', () => {
    const withFacts = turns(6).map((t) => ({
      ...t,
      machineStatus: 'IN_MAINTENANCE',
      assets: [{ name: 'Combine-Z', status: 'RETIRED' }],
    }));
    const m = buildMemory(withFacts, { tokenBudget: 40, summaryTokenBudget: 200 });
    const out = JSON.stringify(m);
    expect(m.folded).toBeGreaterThan(0);
    for (const fact of ['IN_MAINTENANCE', 'Combine-Z', 'RETIRED', 'machineStatus', 'assets'])
      expect(out).not.toContain(fact);
  });
});
