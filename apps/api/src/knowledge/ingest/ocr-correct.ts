import { hasHan } from '../../platform/text/script.js';

/**
 * Post-correction of tesseract's output for what it reliably misreads in manuals: the degree
 * sign. Tesseract (chi_sim + eng) reads "℃" as a quote mark, a degree sign or an asterisk
 * ("10 ”时", "5 “时", "-10 *C") and "°C" the same way in English text. A number followed by
 * such a mark (and an optional C) is a temperature: in a line with Chinese text it becomes
 * "℃", in other text "°C". A number that is itself quoted ("“2”") or part of a code or
 * decimal ("E10”", "1.5”") is left alone, and so is a mark followed by a letter or digit
 * (an inch mark before a word, a quote that opens text).
 */
const MARKS = '“”"″°º˚*’‘\'';
// a number not glued to a letter, digit, dot or opening quote; spaces; a mark; an optional C
const TEMPERATURE_ZH = new RegExp(
  `(?<![A-Za-z\\d.“"‘])(-?\\d+(?:\\.\\d+)?)(\\s?)(?:[${MARKS}]\\s?[CcＣ]?|[CcＣ](?![A-Za-z\\d]))(?=$|[\\s\\p{Script=Han}，。；：、）)~～至\\-/])`,
  'gu',
);
const TEMPERATURE_EN = new RegExp(`(?<![A-Za-z\\d.“"‘])(-?\\d+(?:\\.\\d+)?)(\\s?)[“”"″º˚*]\\s?C(?![A-Za-z\\d])`, 'gu');

/** One OCR line with its misread degree signs put back. */
export function correctOcrLine(line: string): string {
  return hasHan(line)
    ? line.replace(TEMPERATURE_ZH, (_m, n: string, sp: string) => `${n}${sp}℃`)
    : line.replace(TEMPERATURE_EN, (_m, n: string, sp: string) => `${n}${sp}°C`);
}
