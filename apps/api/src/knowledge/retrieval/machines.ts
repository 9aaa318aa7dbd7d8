import { entitiesOf, mentions, type Entity } from '../answering/entities.js';
import type { TermGroup } from '../glossary/expansion.js';
import { findForms, isMachineKind, canonical, KIND_OF_WORK } from '../glossary/glossary.js';
import { passageTokens } from '../../platform/text/segment.js';
import { hasHan } from '../../platform/text/script.js';
import type { ChunkDetail } from './search.repository.js';

/**
 * Which machine a question is about, and which manuals are that machine's. A manual names its
 * machine on its title and cover (kind, maker, model: "John Deere 6R Series, 6R 155 — Tractor
 * Operator's Manual", "雷沃谷神 GN70 联合收割机"); a question may name it in either language
 * ("约翰迪尔拖拉机", "the GN70"). A question naming a machine is answered from that machine's
 * manuals when they answer it well enough; one naming none, that two machines' manuals both
 * answer, is asked back (answering/ask-back.ts).
 */

/** A visible manual as its title page names it. */
export interface ManualIdentity {
  documentId: string;
  title: string;
  language: 'zh' | 'en';
  /** title + cover text: where a manual names its maker, machine and model */
  text: string;
}

/** The machine words of a question: kinds and makers (glossary groups) and model numbers. */
export interface MachineMention {
  groups: TermGroup[];
  models: Entity[];
  /** the kinds of machine named (canonical Chinese term: 拖拉机, 播种机) */
  kinds: string[];
  /** the kinds of machine the work named is done by (播种 → 播种机, baling → 打捆机) */
  byWork: string[];
}

/** Machines that pull or carry an implement: named with the implement or its work, they are not the subject. */
const CARRIERS = new Set(['拖拉机']);

/**
 * A manual named in the question answers it when its best passage covers at least this share of
 * what the best passage of the whole library covers: the machine named is the subject ("拖拉机的节温器"),
 * not a machine merely mentioned ("fold the boom while the tractor moves", a sprayer question).
 */
export const NAMED_MANUAL_SHARE = 0.7;

export function machineMention(question: string, groups: TermGroup[]): MachineMention {
  const forms = findForms(question);
  return {
    groups: groups.filter((g) => g.machineKind || g.maker),
    models: entitiesOf(question).filter((e) => e.kind === 'code'),
    kinds: [...new Set(forms.filter((f) => isMachineKind(f.entry)).map((f) => canonical(f.entry, 'zh')))],
    byWork: [...new Set(forms.flatMap((f) => KIND_OF_WORK.get(canonical(f.entry, 'zh')) ?? []))],
  };
}

export const namesAny = (m: MachineMention) => m.groups.length > 0 || m.models.length > 0;

/** Does the text say the group (its words, or any of its terms in either language)? */
function saysGroup(g: TermGroup, lower: string, tokens: Set<string>): boolean {
  const has = (w: string) => (hasHan(w) ? lower.includes(w) : tokens.has(w));
  return g.words.every(has) || g.alternatives.some((alt) => alt.length > 0 && alt.every(has));
}

/**
 * The manuals naming the most of what the question names about its machine; [] when none names any of it.
 * An implement named (by kind or by its work) with the tractor pulling it is the subject: "播种时拖拉机开多快",
 * "打捆机要求拖拉机动力输出轴转速" are the drill's and the baler's questions. A question naming no machine
 * but work that one kind of machine does ("打捆季节…") names that machine's manuals when the library has any.
 */
export function namedManuals(m: MachineMention, manuals: ManualIdentity[]): string[] {
  const implementKinds = new Set([...m.kinds.filter((k) => !CARRIERS.has(k)), ...m.byWork]);
  const implement = implementKinds.size
    ? manuals.filter((x) => [...machineOf(x).kinds].some((k) => implementKinds.has(k))).map((x) => x.documentId)
    : [];
  if (implement.length && (m.kinds.some((k) => CARRIERS.has(k)) || !namesAny(m))) return implement;
  if (!namesAny(m)) return [];
  const scores = manuals.map((x) => {
    const lower = x.text.toLowerCase();
    const tokens = passageTokens(lower);
    return (
      m.groups.filter((g) => saysGroup(g, lower, tokens)).length + m.models.filter((e) => mentions(x.text, e)).length
    );
  });
  const top = Math.max(0, ...scores);
  return top === 0 ? [] : manuals.filter((_, i) => scores[i] === top).map((x) => x.documentId);
}

/** The kinds of machine (canonical Chinese term) and model numbers a manual's title page names. */
export function machineOf(manual: ManualIdentity): { kinds: Set<string>; models: Set<string> } {
  const kinds = new Set(
    findForms(manual.text)
      .filter((f) => isMachineKind(f.entry))
      .map((f) => canonical(f.entry, 'zh')),
  );
  const models = new Set(
    entitiesOf(manual.title)
      .filter((e) => e.kind === 'code')
      .map((e) => e.text.toLowerCase().replace(/\s+/g, '')),
  );
  return { kinds, models };
}

/** Two manuals are of one machine when they name a kind in common and a model in common (or neither names a model). */
export function sameMachine(a: ManualIdentity, b: ManualIdentity): boolean {
  const x = machineOf(a);
  const y = machineOf(b);
  const kinds = [...x.kinds].some((k) => y.kinds.has(k));
  const models = x.models.size === 0 && y.models.size === 0 ? true : [...x.models].some((k) => y.models.has(k));
  return kinds && models;
}

/** Each manual among the candidates with the best coverage of its passages, best first. */
export function bestPerManual(
  scored: { d: ChunkDetail; covered: number }[],
  identities: ManualIdentity[],
): (ManualIdentity & { coverage: number })[] {
  const best = new Map<string, number>();
  for (const c of scored) best.set(c.d.documentId, Math.max(best.get(c.d.documentId) ?? 0, c.covered));
  return identities
    .filter((m) => best.has(m.documentId))
    .map((m) => ({ ...m, coverage: best.get(m.documentId)! }))
    .sort((a, b) => b.coverage - a.coverage);
}
