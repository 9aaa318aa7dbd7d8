import { LIST_MARK } from '../ingest/reflow.js';
import type { Entity } from './entities.js';

/**
 * What kind of answer a question wants. A code (or part number) → the row that names it; "how do
 * I / steps / 怎么" → the section's steps, whole and in order; a value (how much, what pressure,
 * 多少) → the sentence or row that holds the value with its unit; anything else → the best sentences.
 */
export type Intent = 'code' | 'steps' | 'value' | 'permission' | 'fact';

const VALUE =
  /\b(how (much|many|long|often|high|low|far|fast|hot|big|tight|heavy)|what (is|are) the (pressure|capacity|torque|temperature|speed|interval|power|weight|voltage|size|range|clearance|gap)|at what|what (pressure|capacity|torque|temperature|speed|interval|grade|viscosity|oil)|which (oil|fluid|grade|viscosity))\b|多少|几|多大|多长|多久|多高|多重|多快|什么温度|什么压力|什么油|哪种油/i;
const STEPS =
  /\b(how (do|can|should|to|would) (i|we|you)?|steps?|procedure|what (do|should|must) (i|we) (do|check|inspect)|what to (do|check)|(which|what) (points|things|items) (to|should|must)|walk me through|checklist|step by step|explain (the )?(whole|entire|complete|full)|(whole|entire|complete|full) (procedure|process|sequence|job)|from \w+ing\b.{0,40}\bto \w+ing|(in )?(what|which) order|(right|correct) (order|sequence))\b|顺序|先后|全过程|整个过程|完整的?(步骤|过程|流程)|一步一步|怎么|如何|怎样|咋|步骤|方法|程序|流程|处理|排除|该干啥|(要|需要|应|应该)检查(哪些|什么)|查哪些/i;

/**
 * Whether something may be done ("能不能直接用手掏", "人能站在下面吗", "can I open the cap while it is
 * hot", "is it safe to…"): what answers it is the manual's rule (严禁 / 不得 / never / do not).
 */
const PERMISSION =
  /能不能|可不可以|能否|可否|是否可以|是否允许|行不行|(可以|能|允许|安全).{0,16}吗|\b((can|may|could) (i|we|you|one)|is it (ok|okay|safe|allowed|permitted|possible) to|am i allowed|are we allowed|should i ever)\b/i;

/** `entities`: what the question names besides the machine (names found in a manual's title left out). */
export function intentOf(question: string, entities: Entity[]): Intent {
  if (entities.some((e) => e.kind === 'code' || e.kind === 'part')) return 'code';
  if (entities.some((e) => e.kind === 'tyre')) return 'value';
  const value = VALUE.test(question);
  const steps = STEPS.test(question);
  if (steps && !value) return 'steps';
  if (!steps && !value && PERMISSION.test(question)) return 'permission';
  return value ? 'value' : 'fact';
}

/** Safety words: a sentence carrying one is quoted whole or not at all. */
export const WARNING = /禁止|不得|严禁|警告|注意|危险|小心|切勿|不要|\b(never|do not|don't|warning|caution|danger)\b/i;

/** A number with a unit (or a percentage): what a value question wants to see. */
export const VALUE_WITH_UNIT =
  /\d[\d.,]*\s*(%|°|℃|kpa|mpa|bar|psi|rpm|r\/min|kw|hp|kg|km\/h|mm|cm|n·m|nm|l\b|m\b|h\b|v\b|a\b|s\b|min|小时|分钟|秒|升|毫米|公里|千克|米|转|伏)/i;

export const isListItem = (s: string) => LIST_MARK.test(s);
/** A numbered step (1. / (1) / ① / Step 1 / 第一步), not a bullet: a procedure's item. */
export const isNumberedStep = (s: string) => isListItem(s) && !/^[•·▪‣◦●■□\-–]/.test(s);
export const isRow = (s: string) => s.includes(' | ');

/**
 * A table row with its header's names: "Code: E22; Meaning: elevator blocked; …" (the header is
 * the first row of the run of rows the row belongs to in the chunk text).
 */
export function rowWithHeader(row: string, chunkText: string, zh: boolean): string {
  const lines = chunkText.split('\n');
  const at = lines.indexOf(row);
  let start = at;
  while (start > 0 && isRow(lines[start - 1]!)) start--;
  const cells = row.split(' | ');
  const header = at > start ? lines[start]!.split(' | ') : null;
  if (!header || header.length !== cells.length) return cells.join(zh ? '；' : '; ');
  return cells
    .map((c, i) => (header[i] && c ? `${header[i]}${zh ? '：' : ': '}${c}` : c))
    .filter(Boolean)
    .join(zh ? '；' : '; ');
}

/** A column header naming a unit: "亩用量 L", "飞行高度 m", "Torque (N·m)", "Pressure, bar". */
const UNIT_HEADER =
  /(^|[\s(（,，])(%|°c|℃|kpa|mpa|bar|psi|rpm|r\/min|kw|hp|kg|t|km\/h|m\/s|mm|cm|m|n·m|nm|l|l\/min|l\/ha|h|v|a|s|min|小时|分钟|秒|升|毫米|公里|千克|米|转)[)）]?$/i;
const NUMBER_CELL = /^\d[\d.,]*(\s*[~～\-–]\s*\d[\d.,]*)?$/;

/**
 * A table row holding a value with its unit, the unit printed in its column's header:
 * "水稻 | 1.0 ~ 1.5 | 2.5" under "作物 | 亩用量 L | 飞行高度 m" says litres and metres as much as "47 L" does.
 */
export function rowHoldsValue(row: string, chunkText: string): boolean {
  const lines = chunkText.split('\n');
  const at = lines.indexOf(row);
  let start = at;
  while (start > 0 && isRow(lines[start - 1]!)) start--;
  if (at < 0 || start === at) return false;
  const header = lines[start]!.split(' | ');
  return row.split(' | ').some((c, i) => NUMBER_CELL.test(c.trim()) && UNIT_HEADER.test((header[i] ?? '').trim()));
}

/**
 * Lines that say nothing on their own: a table's header row (its cells name the columns) and
 * labels such as captions ("Table 1-1 Warning lamps") — short, no sentence end, no row, no item.
 */
export function isLabel(sentence: string, chunkText: string): boolean {
  if (isRow(sentence)) {
    const lines = chunkText.split('\n');
    const at = lines.indexOf(sentence);
    return at >= 0 && (at === 0 || !isRow(lines[at - 1]!)) && isRow(lines[at + 1] ?? '');
  }
  return !isListItem(sentence) && !/[。.!?！？]$/.test(sentence) && sentence.length < 50;
}

/** The steps of a section in order (numbered or bulleted items), when it has at least two. */
export function stepsOf(sentences: string[]): string[] {
  const items = sentences.filter(isListItem);
  return items.length >= 2 ? items : [];
}

/**
 * Units a value question asks for by name ("how many litres", "多少升", "how heavy"), each as the
 * pattern of a number printed in that unit: "47 L" says the litres asked for, "10 %" does not, nor
 * does a rate such as "580 L/min".
 */
const UNITS: [asked: RegExp, printed: RegExp][] = [
  [/\b(litres?|liters?)\b|(多少|几|\d\s*)升|公升/i, /\d\s*(l|litres?|liters?|升|公升)(?![\w/])/i],
  [/\b(kg|kilograms?|heavy|weigh|weighs|weight)\b|公斤|千克|多重|重量/i, /\d\s*(kg|公斤|千克|t\b|吨)/i],
  [/\b(hours?|hrs?)\b|小时/i, /\d\s*(h|hours?|小时)(?![\w/])/i],
  [/\b(mm|millimetres?|millimeters?)\b|毫米/i, /\d\s*(mm|毫米)/i],
  // a pressure or a temperature asked for is a number printed in its units
  [/\b(bar|kpa|mpa|psi|pressure)\b|千帕|兆帕|压力/i, /\d\s*(bar|kpa|mpa|psi|千帕|兆帕)/i],
  [/°c|℃|\b(degrees?|celsius|temperature)\b|摄氏度|多少度|温度/i, /\d\s*(°\s*c|℃|摄氏度)/i],
  [/\b(rpm|r\/min)\b|转速/i, /\d\s*(rpm|r\/min|转\/分)/i],
  // how fast to drive or work is a speed over the ground (not how fast a tank fills or a shaft turns)
  [
    /\bhow fast\b(?!.*\b(fill|fills|empty|empties|drain|drains|turn|turns|rotate|rotates|spin|spins)\b)|多快|车速|作业速度|行驶速度|\b(working|travel|ground|forward|road) speed\b/i,
    /\d\s*(km\/h|mph|公里\/小时|千米\/小时)/i,
  ],
];
/** what a tank, hopper or bin holds, no unit named: a volume or a mass ("3500 L", "2.5 t"), never a rate ("580 L/min") */
const CAPACITY: [asked: RegExp, printed: RegExp] = [
  /\b(hold|holds|capacity|volume)\b|容量|容积|能装|装多少|装几/i,
  /\d\s*(l|litres?|liters?|升|公升|m³|m3|kg|t|公斤|千克|吨)(?![\w/])/i,
];
export const askedUnits = (question: string): RegExp[] => {
  const named = UNITS.filter(([asked]) => asked.test(question)).map(([, printed]) => printed);
  return named.length || !CAPACITY[0].test(question) ? named : [CAPACITY[1]];
};
