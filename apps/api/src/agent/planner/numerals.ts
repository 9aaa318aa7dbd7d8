/**
 * Small numbers as dispatchers write them: digits, simplified Chinese numerals
 * (一 二 两 三 … 十 百, 零/〇) and English words (one … twenty). Planning only ever needs
 * small counts (days, weeks, priority levels, month days), so values above 999 are refused.
 */

const ZH_DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** Characters that can appear in a Chinese numeral (for building regexes). */
export const ZH_NUMERAL_CHARS = '零〇一二两三四五六七八九十百';

/**
 * 十 → 10, 十二 → 12, 二十 → 20, 二十三 → 23, 一百零五 → 105, 两 → 2, 三五 → null (not a number
 * in this grammar), also plain digit strings. null for anything else.
 */
export function parseChineseNumber(raw: string): number | null {
  const s = raw.trim();
  if (/^\d{1,3}$/.test(s)) return Number(s);
  const d = (c: string | undefined) => (c === undefined ? 0 : ZH_DIGITS[c]!);
  if (/^[零〇一二两三四五六七八九]$/.test(s)) return d(s);
  // 两 counts things ("两周", "两百") but is not written inside tens ("二十二", never "两十两")
  const tens = /^([一二三四五六七八九])?十([一二三四五六七八九])?$/.exec(s);
  if (tens) return (tens[1] === undefined ? 1 : d(tens[1])) * 10 + d(tens[2]);
  const hundreds =
    /^([一二两三四五六七八九])百(?:[零〇]([一二三四五六七八九])|([一二三四五六七八九])十([一二三四五六七八九])?|([一二三四五六七八九]))?$/.exec(
      s,
    );
  if (hundreds) {
    // 一百零五 = 105, 一百二十三 = 123, and the colloquial 一百二 = 120
    return d(hundreds[1]) * 100 + d(hundreds[2]) + d(hundreds[3]) * 10 + d(hundreds[4]) + d(hundreds[5]) * 10;
  }
  return null;
}

const EN_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  a: 1,
  an: 1,
  couple: 2,
};

/** Regex source for an English count: digits or a number word. */
export const EN_COUNT = `(?:\\d{1,3}|${Object.keys(EN_WORDS)
  .filter((w) => w.length > 2)
  .join('|')})`;
/** Regex source for a Chinese count: digits or Chinese numerals. */
export const ZH_COUNT = `(?:\\d{1,3}|[${ZH_NUMERAL_CHARS}]{1,4})`;

export function parseEnglishNumber(raw: string): number | null {
  const s = raw.trim().toLowerCase();
  if (/^\d{1,3}$/.test(s)) return Number(s);
  return EN_WORDS[s] ?? null;
}

/** Either language: digits, Chinese numerals or an English number word. */
export function parseCount(raw: string): number | null {
  return parseChineseNumber(raw) ?? parseEnglishNumber(raw);
}
