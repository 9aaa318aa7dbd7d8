import { describe, expect, it } from 'vitest';
import { findNames, nameVariants, type KnownRef, type NameKind, type NameScan } from './names.js';
import { KNOWN } from './test-fixtures.js';
import { GoalText, longestFirst, type Span } from './text.js';
import { ZH_NUMERAL_CHARS } from './numerals.js';

/**
 * `findNames` looks variants up in the separator-free goal instead of running one regular
 * expression per variant. This is the regex reading it replaced (one global pattern per variant,
 * separators free between its characters), kept as the reference: both must find the same
 * matches and ambiguities on every goal below.
 */
function findNamesByRegex(text: GoalText, known: Readonly<Record<NameKind, readonly KnownRef[]>>): NameScan {
  const view = text.view();
  const byVariant = new Map<string, { exact: boolean; targets: Array<{ kind: NameKind; ref: KnownRef }> }>();
  const add = (variant: string, exact: boolean, kind: NameKind, ref: KnownRef) => {
    const key = variant.replace(/[\s_-]+/g, '');
    if (key.length === 0) return;
    const entry = byVariant.get(key);
    if (!entry || (exact && !entry.exact)) byVariant.set(key, { exact, targets: [{ kind, ref }] });
    else if (entry.exact === exact && !entry.targets.some((t) => t.kind === kind && t.ref.id === ref.id))
      entry.targets.push({ kind, ref });
  };
  for (const kind of ['team', 'field', 'asset', 'operator'] as const)
    for (const ref of known[kind]) {
      const v = nameVariants(kind, ref.name);
      add(v.exact, true, kind, ref);
      for (const s of v.short) add(s, false, kind, ref);
    }
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const numeral = new RegExp(`[0-9${ZH_NUMERAL_CHARS}]`);
  const same = (a: string | undefined, b: string | undefined) =>
    a !== undefined &&
    b !== undefined &&
    ((/[a-z0-9-]/.test(a) && /[a-z0-9]/.test(b)) ||
      (/[a-z0-9]/.test(a) && /[a-z0-9-]/.test(b)) ||
      (numeral.test(a) && numeral.test(b)));
  const candidates: Array<Span & { targets: Array<{ kind: NameKind; ref: KnownRef }> }> = [];
  for (const [variant, entry] of byVariant) {
    const re = new RegExp([...variant].map(esc).join('[\\s\\-_]*'), 'g');
    for (const m of view.matchAll(re)) {
      const start = m.index;
      const end = start + m[0].length;
      if (same(view[start - 1], view[start]) || same(view[end - 1], view[end])) continue;
      candidates.push({ start, end, targets: entry.targets });
    }
  }
  const out: NameScan = { matches: [], ambiguous: [] };
  for (const c of longestFirst(candidates)) {
    if (c.targets.length === 1)
      out.matches.push({ start: c.start, end: c.end, kind: c.targets[0]!.kind, ref: c.targets[0]!.ref });
    else out.ambiguous.push({ start: c.start, end: c.end, text: text.slice(c) });
  }
  return out;
}

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const KNOWN_BY_KIND = {
  team: [...KNOWN.teams, { id: id(101), name: '第一队' }, { id: id(102), name: '十一队' }, { id: id(103), name: 'aa' }],
  field: [
    ...KNOWN.fields,
    { id: id(111), name: '东岗3号田' },
    { id: id(112), name: '3号地' },
    { id: id(113), name: 'A-1 plot' },
    { id: id(114), name: 'aaa' },
  ],
  asset: [...KNOWN.assets, { id: id(121), name: 'S780' }, { id: id(122), name: 'JD-8R' }, { id: id(123), name: 'a a' }],
  operator: [
    ...KNOWN.operators,
    { id: id(131), name: '张三丰' },
    { id: id(132), name: 'li' },
    { id: id(133), name: '哈哈' },
    { id: id(134), name: '我哈' },
  ],
};

/** Deterministic goals made of names, their short forms, separators, numerals and filler. */
function goals(count: number): string[] {
  const names = Object.values(KNOWN_BY_KIND)
    .flat()
    .flatMap((r) => [r.name, ...nameVariants('field', r.name).short, ...nameVariants('team', r.name).short]);
  const bits = [
    ...names,
    ' ',
    '-',
    '_',
    '　',
    'ＪＤ',
    '1',
    '13',
    '十',
    '号',
    'aaaa',
    'red-',
    '和',
    '，',
    '不要用',
    'avoid ',
    'next week',
    '下周',
    'x',
    '哈',
    '我',
  ];
  let seed = 7;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + rnd(8) }, () => bits[rnd(bits.length)]!).join(''),
  );
}

describe('findNames against the per-variant regex reading', () => {
  it('finds the same matches and ambiguities on 3,000 generated goals', () => {
    const all = goals(3000);
    let matched = 0;
    for (const goal of all) {
      const text = new GoalText(goal);
      const fast = findNames(text, KNOWN_BY_KIND);
      expect(fast, goal).toEqual(findNamesByRegex(text, KNOWN_BY_KIND));
      if (fast.matches.length + fast.ambiguous.length > 0) matched++;
    }
    // the goals do exercise the matcher
    expect(matched).toBeGreaterThan(1500);
  });

  it('an occurrence overlapping the previous one of the same name is not counted (as a global regex)', () => {
    const text = new GoalText('我哈哈哈');
    const scan = findNames(text, KNOWN_BY_KIND);
    expect(scan).toEqual(findNamesByRegex(text, KNOWN_BY_KIND));
    expect(scan.matches.map((m) => `${m.ref.name}@${m.start}`)).toEqual(['我哈@0']);
  });

  it('the same on masked text (a later scan of a partly understood goal)', () => {
    for (const goal of goals(500)) {
      const text = new GoalText(goal);
      text.mask({ start: Math.floor(goal.length / 3), end: Math.floor(goal.length / 2) });
      expect(findNames(text, KNOWN_BY_KIND), goal).toEqual(findNamesByRegex(text, KNOWN_BY_KIND));
    }
  });
});
