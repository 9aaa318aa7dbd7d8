import { describe, expect, it } from 'vitest';

/**
 * Every feature's dictionary, filled in as the pages fill it: no doubled units such as
 * "1,069.5 小时时" (the due list) and no unfilled or mistyped placeholders.
 */
const modules = import.meta.glob<Record<string, unknown>>('./*/messages.ts', { eager: true });

function leaves(v: unknown, path: string, out: [string, string][]) {
  if (typeof v === 'string') out.push([path, v]);
  else if (Array.isArray(v)) v.forEach((x, i) => leaves(x, `${path}[${i}]`, out));
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) leaves(x, path ? `${path}.${k}` : k, out);
}

const filled = (s: string) => s.replace(/\{[a-zA-Z]+\}/g, '1,069.5');

describe('feature messages', () => {
  const zh: [string, string][] = [];
  const en: [string, string][] = [];
  for (const [file, mod] of Object.entries(modules)) {
    for (const [name, dict] of Object.entries(mod)) {
      const d = dict as Record<string, unknown>;
      if (d && typeof d === 'object' && 'zh-CN' in d && 'en' in d) {
        leaves(d['zh-CN'], `${file}:${name}`, zh);
        leaves(d.en, `${file}:${name}`, en);
      }
    }
  }

  it('found the dictionaries', () => {
    expect(zh.length).toBeGreaterThan(500);
  });

  it('no doubled hour unit in Chinese', () => {
    expect(
      zh.filter(([, s]) => /小时\s*时(?!间|段|长|刻)|小时\s*小时/.test(filled(s))).map(([p, s]) => `${p}: ${s}`),
    ).toEqual([]);
  });

  it('no doubled hour unit in English', () => {
    expect(
      en.filter(([, s]) => /\bh\s+h\b|\bhours?\s+hours?\b/i.test(filled(s))).map(([p, s]) => `${p}: ${s}`),
    ).toEqual([]);
  });

  // "English is complete": no full-width punctuation and no Chinese in the English
  // catalogs, except example goals and names kept in Chinese on purpose (the demo co-op's own words)
  it('English text has no full-width punctuation or untranslated Chinese', () => {
    const kept = /exampleGoals|placeholder|zhExample/;
    const bad = en.filter(([p, s]) => !kept.test(p) && /[\u3000-\u303f\uff00-\uffef\u4e00-\u9fff]/.test(s));
    expect(bad.map(([p, s]) => `${p}: ${s}`)).toEqual([]);
  });
});
