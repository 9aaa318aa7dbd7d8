/**
 * Which script a character belongs to, in one place: the agent (a goal's language, token
 * estimates) and the knowledge base (PDF text joins, OCR spacing, reflow, a question's language,
 * word matching) all ask the same two questions with these ranges.
 *
 * - **Han**: a Chinese ideograph (CJK Unified Ideographs, Extension A, compatibility ideographs).
 *   "Is this text Chinese?" and "is this word matched by substring?" ask this.
 * - **Wide**: a character set without spaces around it in Chinese or Japanese text: Han, CJK
 *   radicals, CJK symbols and punctuation (。，、「」), kana, fullwidth forms (，：（）).
 *   "Is there a space between these two characters?" asks this.
 * - **Hangul** is wide for counting (one token a syllable) but Korean puts spaces between words,
 *   so it is not wide for joining.
 */
export const HAN_RANGE = '\\u3400-\\u9fff\\uf900-\\ufaff';
export const WIDE_RANGE = '\\u2e80-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef';
export const HANGUL_RANGE = '\\uac00-\\ud7af';

const HAN = new RegExp(`[${HAN_RANGE}]`);
const HAN_ALL = new RegExp(`[${HAN_RANGE}]`, 'g');
const WIDE = new RegExp(`[${WIDE_RANGE}]`);

/** Does the text contain a Chinese ideograph? */
export const hasHan = (s: string): boolean => HAN.test(s);

/** How many Chinese ideographs the text has. */
export const countHan = (s: string): number => s.match(HAN_ALL)?.length ?? 0;

/** The language a question is written in: Chinese when its ideographs (≥ 2) outnumber its Latin words. */
export function textLanguage(q: string): 'zh' | 'en' {
  const cjk = countHan(q);
  const latin = (q.match(/[A-Za-z]{2,}/g) ?? []).length;
  return cjk >= 2 && cjk >= latin ? 'zh' : 'en';
}

/** Is this character (the first of `ch`) set without spaces around it (Han, CJK punctuation, kana, fullwidth)? */
export const isWide = (ch: string): boolean => WIDE.test(ch.charAt(0));

/** Whitespace between two wide characters (OCR and some PDFs put spaces between every CJK character). */
export const WIDE_GAP = new RegExp(`(?<=[${WIDE_RANGE}])\\s+(?=[${WIDE_RANGE}])`, 'g');
