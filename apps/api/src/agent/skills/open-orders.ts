/**
 * A diagnosis looks at the machine's work orders that are still open: one about the same fault
 * (its title shares the symptom or the fault code) is named first, so a dispatcher follows it
 * up instead of sending a second mechanic; any other open order is named too.
 */
import { hasHan } from '../../platform/text/script.js';
import { enumWord } from '@amms/contracts/enum-labels';
import type { TEvidenceHistory } from './skill-tools.js';

type Order = TEvidenceHistory['workOrders'][number];
const OPEN = new Set(['OPEN', 'IN_PROGRESS', 'AWAITING_ACCEPTANCE']);

const fold = (s: string) => s.toLowerCase().replace(/[\s\p{P}]+/gu, ' ');
/** pairs of adjacent Han characters, and latin words of 3+ letters */
function grams(s: string): Set<string> {
  const f = fold(s);
  const out = new Set<string>();
  const han = [...f].filter((ch) => hasHan(ch) || ch === ' ');
  for (let i = 0; i + 1 < han.length; i++) if (han[i] !== ' ' && han[i + 1] !== ' ') out.add(han[i]! + han[i + 1]!);
  for (const w of f.match(/[a-z0-9-]{3,}/g) ?? []) out.add(w);
  return out;
}

/** the title shares the fault code, or at least half of the symptom's words / character pairs (≥ 2) */
export function sameFault(title: string, symptom: string, faultCode: string | null): boolean {
  if (faultCode && fold(title).replace(/[\s-]/g, '').includes(faultCode.toLowerCase().replace(/[\s-]/g, '')))
    return true;
  const s = grams(symptom);
  if (s.size === 0) return false;
  const t = grams(title);
  const shared = [...s].filter((g) => t.has(g)).length;
  return shared >= Math.min(2, s.size) && shared * 2 >= s.size;
}

export interface OpenOrders {
  same: Order[];
  other: Order[];
}

export function openOrders(history: TEvidenceHistory, symptom: string, faultCode: string | null): OpenOrders {
  const open = history.workOrders.filter((w) => OPEN.has(w.status));
  return {
    same: open.filter((w) => sameFault(w.title, symptom, faultCode)),
    other: open.filter((w) => !sameFault(w.title, symptom, faultCode)),
  };
}

const named = (w: Order, zh: boolean) =>
  zh
    ? `#${w.number}“${w.title}”（${enumWord('zh-CN', 'woStatus', w.status)}）`
    : `#${w.number} "${w.title}" (${enumWord('en', 'woStatus', w.status)})`;

/** the lines of the answer about open orders (none when the machine has none) */
export function openOrderLines(o: OpenOrders, zh: boolean): string[] {
  const lines: string[] = [];
  if (o.same.length)
    lines.push(
      zh
        ? `注意：这台机器已有同一故障的未关闭工单 ${o.same.map((w) => named(w, true)).join('、')}，请先跟进它，确认后再决定是否另开新工单。`
        : `Note: this machine already has an open work order for the same fault: ${o.same.map((w) => named(w, false)).join(', ')}. Follow it up first before opening another.`,
    );
  if (o.other.length)
    lines.push(
      zh
        ? `这台机器另有未关闭的工单：${o.other.map((w) => named(w, true)).join('、')}。`
        : `Other open work orders on this machine: ${o.other.map((w) => named(w, false)).join(', ')}.`,
    );
  return lines;
}
