/**
 * Which machine a goal names ("约翰迪尔 6R 155 #01", "DJI T50 #02", "the combine"), among the
 * machines the caller can see. Pure and deterministic. Rules:
 * - text is compared without spaces, case-folded, with brand names in Chinese mapped to the
 *   catalog's (约翰迪尔 → John Deere, 大疆 → DJI, …);
 * - the machine's full name in the goal → that machine alone;
 * - else the model: its full name, or one of its alphanumeric words with a digit ("T50",
 *   "6R155", "GN70"), or a kind word ("收割机", "combine", "tractor", "无人机");
 * - a machine number ("#02", "2号", "02号", "No. 2") keeps the machines whose name ends in it
 *   (none of them has it → asked, with them as the candidates);
 * - one left → it; several → the person is asked which (never a guess); none → asked too.
 */
export interface MachineCandidate {
  id: string;
  name: string;
  status: string;
  teamId: string | null;
  modelId: string;
  modelName: string;
  manufacturer: string;
  kind: string;
  operationTypes: string[];
}

export type MachineMatch =
  | { kind: 'one'; machine: MachineCandidate; matched: string }
  | { kind: 'many'; candidates: MachineCandidate[]; matched: string }
  | { kind: 'none'; candidates: MachineCandidate[] };

const BRANDS: ReadonlyArray<[RegExp, string]> = [
  [/约翰迪尔|迪尔|强鹿/g, 'johndeere'],
  [/大疆/g, 'dji'],
  [/凯斯/g, 'caseih'],
  [/久保田/g, 'kubota'],
  [/克拉斯|科乐收/g, 'claas'],
  [/极飞/g, 'xag'],
  [/纽荷兰/g, 'newholland'],
];

/** Kind words → which machines they mean. */
const KINDS: ReadonlyArray<{ re: RegExp; label: string; test: (m: MachineCandidate) => boolean }> = [
  {
    re: /联合收割机|收割机|收获机|combine|harvester/i,
    label: 'combine',
    test: (m) => m.kind === 'SELF_PROPELLED' && m.operationTypes.includes('HARVESTING'),
  },
  { re: /拖拉机|tractor/i, label: 'tractor', test: (m) => m.kind === 'POWER_UNIT' },
  { re: /无人机|植保机|飞防|drone/i, label: 'drone', test: (m) => /dji|xag|大疆|极飞/i.test(m.manufacturer) },
  { re: /喷雾机|打药机|sprayer/i, label: 'sprayer', test: (m) => m.operationTypes.includes('CROP_PROTECTION') },
  { re: /播种机|seeder|planter|drill/i, label: 'seeder', test: (m) => m.operationTypes.includes('SOWING_PLANTING') },
];

export function fold(s: string): string {
  let out = s.toLowerCase();
  for (const [re, to] of BRANDS) out = out.replace(re, to);
  return out.replace(/[\s\-_·.]/g, '');
}

/** The number a goal gives a machine: "#02", "2号", "02号机", "No. 2", "number 2". */
export function machineNumberOf(goal: string): number | null {
  const m =
    /#\s*0*(\d{1,3})(?!\d)|(?<![A-Za-z\d])0*(\d{1,3})\s*号|\bno\.?\s*0*(\d{1,3})\b|\bnumber\s+0*(\d{1,3})\b/i.exec(
      goal,
    );
  const n = m ? (m[1] ?? m[2] ?? m[3] ?? m[4]) : undefined;
  return n === undefined ? null : Number(n);
}

const numberOfName = (name: string): number | null => {
  const m = /#\s*0*(\d{1,3})\s*$/.exec(name) ?? /(?<![A-Za-z\d])0*(\d{1,3})\s*号?\s*$/.exec(name);
  return m ? Number(m[1]) : null;
};

/** The model's words with a digit ("T50", "6R", "155" only together as "6R155"), folded. */
function modelTokens(m: MachineCandidate): string[] {
  const full = fold(m.modelName);
  const words = m.modelName
    .split(/\s+/)
    .map(fold)
    .filter((w) => /\d/.test(w) && /[a-z]/.test(w) && w.length >= 2);
  return [...new Set([full, ...words])];
}

export function matchMachine(goal: string, machines: readonly MachineCandidate[]): MachineMatch {
  const g = fold(goal);
  const live = machines.filter((m) => m.status !== 'RETIRED');
  const exact = live.filter((m) => g.includes(fold(m.name)));
  if (exact.length >= 1) {
    // the longest full name wins ("#1" inside "#12" cannot happen: names are compared whole)
    const best = [...exact].sort((a, b) => fold(b.name).length - fold(a.name).length);
    const top = best.filter((m) => fold(m.name).length === fold(best[0]!.name).length);
    return top.length === 1
      ? { kind: 'one', machine: top[0]!, matched: top[0]!.name }
      : { kind: 'many', candidates: top, matched: 'name' };
  }
  let pool: MachineCandidate[] = [];
  let matched = '';
  const byModel = live.filter((m) => modelTokens(m).some((t) => g.includes(t)));
  if (byModel.length > 0) {
    pool = byModel;
    matched = byModel[0]!.modelName;
  } else {
    const kind = KINDS.find((k) => k.re.test(goal));
    if (kind) {
      pool = live.filter(kind.test);
      matched = kind.label;
    }
  }
  if (pool.length === 0) return { kind: 'none', candidates: live.slice(0, 10) };
  const n = machineNumberOf(goal);
  if (n !== null) {
    // a number none of them has ("#02" when I see #01 only) → ask, never take another machine
    const numbered = pool.filter((m) => numberOfName(m.name) === n);
    if (numbered.length === 0)
      return { kind: 'none', candidates: [...pool].sort((a, b) => a.name.localeCompare(b.name)).slice(0, 10) };
    pool = numbered;
  }
  const sorted = [...pool].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return sorted.length === 1
    ? { kind: 'one', machine: sorted[0]!, matched }
    : { kind: 'many', candidates: sorted.slice(0, 10), matched };
}

/** The goal without the machine's mention and the request wording: what is wrong, in the person's words. */
export function symptomText(goal: string, machine: MachineCandidate | null): string {
  let s = goal;
  if (machine) {
    const words = [
      machine.name,
      `${machine.manufacturer} ${machine.modelName}`,
      machine.modelName,
      ...machine.modelName.split(/\s+/).filter((w) => /\d/.test(w)),
    ];
    for (const w of words)
      s = s.replace(new RegExp(w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s*'), 'ig'), ' ');
  }
  s = s
    .replace(/约翰迪尔|大疆|雷沃|凯斯|久保田|John Deere|DJI/gi, ' ')
    .replace(/#\s*\d{1,3}|\d{1,3}\s*号(?:机)?/g, ' ')
    .replace(
      /[，,。.;；!！]?\s*(?:请|麻烦)?(?:帮我|给我|请)?(?:安排|排)?(?:一下)?(?:检修|维修|修理|排查|看看|处理)(?:一下)?\s*$/,
      ' ',
    )
    .replace(
      /[，,.;]?\s*(?:please\s+)?(?:schedule|book|arrange|plan)?\s*(?:a\s+)?(?:repair|fix|check|look)(?:\s+(?:it|this))?\s*(?:please)?\s*$/i,
      ' ',
    )
    .replace(/^(?:the|my|our)\s+/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[，,:：\s]+|[，,。.!！?？\s]+$/g, '');
  return (s || goal).slice(0, 120);
}
