import { describe, expect, it } from 'vitest';
import { A, F, KNOWN, O, T } from '../planner/test-fixtures.js';
import { resolveReferences, type RunEntity } from './references.js';

const asset = (r: { id: string; name: string }, types: string[] = []): RunEntity => ({
  kind: 'asset',
  id: r.id,
  name: r.name,
  via: 'goal',
  types,
});
const field = (r: { id: string; name: string }): RunEntity => ({ kind: 'field', id: r.id, name: r.name, via: 'goal' });

describe('entity references', () => {
  it('resolves "那台收割机" to the one machine named before, and says so', () => {
    const r = resolveReferences('那台收割机下周不要用', [[asset(A.s780, ['HARVESTING'])]], KNOWN);
    expect(r.question).toBeNull();
    expect(r.goal).toBe('JD S780下周不要用');
    expect(r.notes[0]!.zh).toContain('JD S780');
  });
  it('uses the type word to tell two machines apart, and asks when it cannot', () => {
    const two = [[asset(A.s780, ['HARVESTING']), asset(A.lx1304, ['TILLAGE'])]];
    expect(resolveReferences('那台收割机不要用', two, KNOWN).goal).toBe('JD S780不要用');
    const q = resolveReferences('那台不要用', two, KNOWN);
    expect(q.question).toContain('JD S780');
    expect(q.question).toContain('东方红LX1304');
  });
  it('english "it", "the same field"', () => {
    const r = resolveReferences(
      "schedule spraying tomorrow on the same field and don't use it",
      [[asset(A.case310), field(F.river)]],
      KNOWN,
    );
    expect(r.goal).toBe("schedule spraying tomorrow on River field and don't use Case 310");
  });
  it('"张师傅那台" is the machine Zhang was given in the earlier draft', () => {
    const earlier: RunEntity[][] = [
      [
        { kind: 'asset', id: A.jd8r.id, name: A.jd8r.name, via: 'draft', operatorId: O.zhang.id },
        { kind: 'asset', id: A.s780.id, name: A.s780.name, via: 'draft', operatorId: O.li.id },
      ],
    ];
    expect(resolveReferences('张师傅那台明天别用', earlier, KNOWN).goal).toBe('约翰迪尔8R明天别用');
  });
  it('nothing earlier, or no longer visible → a question, never a guess', () => {
    expect(resolveReferences('同一块地明天打药', [], KNOWN).question).toContain('之前没有提到过');
    const gone = resolveReferences(
      'the same team next week',
      [[{ kind: 'team', id: T.two.id, name: '二队', via: 'goal' }]],
      { ...KNOWN, teams: [] },
    );
    expect(gone.question).toContain('not visible');
  });
  it('the newest run that named one wins', () => {
    expect(resolveReferences('同一块地', [[field(F.xiwa)], [field(F.river)]], KNOWN).goal).toBe('西洼地');
  });
  it('"那台S780", "那台克拉斯": a demonstrative before the machine\'s own words names it, it is no reference', () => {
    const none: RunEntity[][] = [];
    for (const goal of ['上周那台S780干了什么', '用那台GN70收西洼地', '这台Lexion明天有活吗']) {
      const r = resolveReferences(goal, none, KNOWN);
      expect(r.question, goal).toBeNull();
      expect(r.goal).toBe(goal);
    }
    const claas = {
      ...KNOWN,
      assets: [...KNOWN.assets, { id: A.s780.id.replace(/.$/, '9'), name: 'Claas Lexion 8700 #01' }],
    };
    expect(resolveReferences('那台克拉斯下周排了什么', none, claas).question).toBeNull();
    // a bare demonstrative still refers back, and asks when nothing came up
    expect(resolveReferences('那台下周排了什么', none, claas).question).toContain('那台');
  });
});
