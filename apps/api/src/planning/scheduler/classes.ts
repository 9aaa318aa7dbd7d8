import type { CSet, SetFamily } from './sets.js';
import type { SchedMachine } from './types.js';
import { misfit, requiredOf, setRate } from './world-rules.js';

/**
 * The capable sets of one operation, grouped so that within a group every set has the same
 * output (ha/h) and asks the same qualifications of its operator, and the paired sets are
 * still a full product (every lead of the group fits every implement of it: the implements
 * share their power and hitch needs). A job's duration then depends on the group only, and a
 * group's operators are those who hold its qualifications.
 */
export interface CapGroup {
  key: string;
  rate: number | null;
  quals: string[];
  sets: CSet[];
}

/** One way to do a job: a group's usable sets, its working slots there, and its operators. */
export interface JClass {
  key: string;
  /** working slots on a set of this class */
  work: number;
  /** last candidate start index for `work` (the first is the job's k0) */
  k1: number;
  fam: SetFamily;
  /** usable operator indices holding the class's qualifications, ascending */
  ops: number[];
  /** the least operator part of the key over `ops` */
  opLeast: number;
}

/** Groups of a capable-set list (kept in its order inside each group), by key. */
export function groupCapable(machines: readonly SchedMachine[], capable: readonly CSet[], op: string): CapGroup[] {
  const groups = new Map<string, CapGroup>();
  for (const c of capable) {
    const lead = machines[c.lead]!;
    const impl = c.impl >= 0 ? machines[c.impl]! : null;
    const rate = setRate(lead, impl, op);
    const quals = requiredOf([lead, impl]);
    const fit = impl ? `${impl.requiredPowerKw ?? '-'}/${[...(impl.hitchTypes ?? [])].sort().join('+')}` : '';
    const key = `${rate ?? '-'}|${quals.join('+')}|${fit}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { key, rate, quals, sets: [] }));
    g.sets.push(c);
  }
  return [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Candidate sets for an operation, smallest first: a self-propelled machine that lists it;
 * a power unit that lists it (its model lists what it can pull for) with one implement that
 * lists it; a power unit alone only when no implement in the fleet does the operation
 * (e.g. OTHER). Larger sets are never needed: any valid set contains one of these. A pair
 * whose implement does not fit the tractor (power, hitch) is no set.
 */
export function capableSets(ms: readonly SchedMachine[], op: string): CSet[] {
  const implIdx = ms.flatMap((m, i) => (m.kind === 'IMPLEMENT' && m.operationTypes.includes(op) ? [i] : []));
  const out: CSet[] = [];
  ms.forEach((m, i) => {
    if (!m.operationTypes.includes(op)) return;
    if (m.kind === 'SELF_PROPELLED' || (m.kind === 'POWER_UNIT' && implIdx.length === 0))
      out.push({ lead: i, impl: -1, size: 1, pref: 0, teamMiss: 0 });
    else if (m.kind === 'POWER_UNIT')
      for (const j of implIdx) if (!misfit(m, ms[j]!)) out.push({ lead: i, impl: j, size: 2, pref: 0, teamMiss: 0 });
  });
  return out;
}

/** a whole or half hour as HH:MM */
export const hhmm = (h: number) => `${String(Math.floor(h)).padStart(2, '0')}:${h % 1 ? '30' : '00'}`;
