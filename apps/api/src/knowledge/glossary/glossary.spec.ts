import { describe, expect, it } from 'vitest';
import { GLOSSARY_DOMAINS } from './glossary-types.js';
import { canonical, findForms, GLOSSARY, isCjk } from './glossary.js';

const all = (f: (e: (typeof GLOSSARY)[number]) => readonly string[]) => GLOSSARY.flatMap((e) => f(e));

describe('glossary data: shape', () => {
  it('has hundreds of zh ↔ en pairs over every domain', () => {
    expect(GLOSSARY.length).toBeGreaterThanOrEqual(300);
    for (const d of GLOSSARY_DOMAINS) expect(GLOSSARY.filter((e) => e.domain === d).length).toBeGreaterThan(0);
  });

  it('every entry has both sides, canonical terms first, in the right script', () => {
    for (const e of GLOSSARY) {
      expect(e.zh.length, JSON.stringify(e)).toBeGreaterThan(0);
      expect(e.en.length, JSON.stringify(e)).toBeGreaterThan(0);
      expect(isCjk(canonical(e, 'zh')), JSON.stringify(e)).toBe(true);
      for (const t of [...e.en, ...e.enSay]) expect(isCjk(t), t).toBe(false);
      for (const t of e.zhSay) expect(isCjk(t), t).toBe(true);
      for (const t of [...e.zh, ...e.en, ...e.zhSay, ...e.enSay]) expect(t.trim(), JSON.stringify(e)).toBe(t);
    }
  });

  it('no Chinese form is shorter than two characters (one character matches inside unrelated words)', () => {
    for (const t of [...all((e) => e.zh), ...all((e) => e.zhSay)])
      if (isCjk(t)) expect(t.replace('~', '').length, t).toBeGreaterThan(1);
  });

  it('no form appears twice, in one entry or across entries (one meaning per form, a machine kind’s own sense aside)', () => {
    const general = (f: (e: (typeof GLOSSARY)[number]) => string[]) => all((e) => (e.kinds ? [] : f(e)));
    const forms = [...general((e) => [...e.zh, ...e.zhSay]), ...general((e) => [...e.en, ...e.enSay])];
    const seen = new Map<string, number>();
    for (const f of forms) seen.set(f, (seen.get(f) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1).map(([f]) => f)).toEqual([]);
  });

  it('every colloquial saying maps to its entry’s canonical term', () => {
    const sayings = GLOSSARY.filter((e) => e.zhSay.length > 0);
    expect(sayings.length).toBeGreaterThanOrEqual(30);
    for (const e of sayings)
      for (const s of e.zhSay) {
        const m = findForms(s.replace('~', '就'));
        expect(
          m.map((x) => canonical(x.entry, 'zh')),
          s,
        ).toContain(canonical(e, 'zh'));
      }
  });
});

describe('findForms: the glossary terms a question contains', () => {
  it.each([
    ['收割机开锅了，水温表进红区', '水温过高'],
    ['车子开着开着水温就上去了咋整', '水温过高'],
    ['拖拉机打不着火怎么办', '无法启动'],
    ['这车没劲，拉不动', '功率不足'],
    ['发动机冒黑烟是什么原因', '冒黑烟'],
    ['割台升起后自己往下掉', '下降'],
    // one-character units and words cannot be forms: the ways a question says them are
    ['尿素箱能装多少升？', '容量'],
    ['起动机一次最多能连续转多久，两次之间要等多长时间？', '连续起动'],
    ['起动机一次最多能连续转多久，两次之间要等多长时间？', '等待'],
    ['Can I charge the drone battery right after a flight while it is still hot?', '智能飞行电池'],
    ['Can I charge the drone battery right after a flight while it is still hot?', '温度过高'],
  ])('%s → %s', (q, term) => {
    expect(findForms(q).map((m) => canonical(m.entry, 'zh'))).toContain(term);
  });

  it('longest form first, never overlapping', () => {
    const m = findForms('发动机水温过高');
    expect(m.map((x) => x.form).sort()).toEqual(['发动机', '水温过高']);
  });

  it('Latin forms match whole words only, longest phrase first', () => {
    const m = findForms('How often is the oil filter changed? The boiler is fine.');
    const forms = m.map((x) => x.form);
    expect(forms).toContain('oil filter');
    expect(forms).not.toContain('oil');
    expect(findForms('the boiler').map((x) => x.form)).toEqual([]);
  });
});
