import { findNames, type KnownRef } from '../planner/names.js';
import { hasHan } from '../../platform/text/script.js';
import { GoalText } from '../planner/text.js';
import { fold } from '../skills/machine-match.js';
import type { KnownLists, RunEntity } from './references.js';

/**
 * "用钱勇那台克拉斯" / "钱勇的那台" / "钱勇的收割机" / "Qian Yong's combine": the machine that
 * person runs, among the machines the caller can see (`known.assets`):
 * 1. the machine they were given in an earlier draft of this conversation;
 * 2. else the machine they are assigned to now (a booking that covers now);
 * 3. else the machine they ran most often recently (their assignments of the last 90 days and
 *    the next 30, ties → the latest).
 * A word after "那台" (克拉斯, 收割机, S780, combine …) narrows the machines by maker, model or
 * kind. One machine left → the phrase becomes its name; none or a tie → one question.
 * After a preference verb (用, 让, 派, 优先, use, with, prefer …) the person is kept too
 * ("用钱勇那台克拉斯" → "用克拉斯1号和钱勇"): the machine comes with its operator unless told otherwise.
 */

export interface UsualMachine {
  operatorId: string;
  assetId: string;
  name: string;
  /** maker + model, folded by the caller's words (brand names in Chinese map to the catalog's) */
  model: string;
  types: string[];
  /** assignments of the person on this machine in the window */
  jobs: number;
  /** one of them covers now */
  current: boolean;
  /** the latest one's start (ISO) */
  lastAt: string;
}

export interface PossessiveResult {
  goal: string;
  notes: Array<{ zh: string; en: string }>;
  resolved: Array<{ said: string; entity: RunEntity }>;
  question: string | null;
}

const ZH_AFTER =
  /^\s*(?:师傅|老师)?(?:的)?\s*(?:那|这)(?:台|辆|部)(?:机器|机子|车)?([\u4e00-\u9fffA-Za-z0-9]{0,10})|^\s*(?:师傅)?的\s*(机器|机子|车|收割机|收获机|拖拉机|播种机|植保机|无人机|打捆机|喷药机)/;
const EN_AFTER =
  /^\s*['’]s\s+(?:usual\s+|own\s+|regular\s+)?((?:[a-z0-9-]+\s+)?(?:machine|combine|harvester|tractor|drone|sprayer|seeder|planter|baler|one))\b/i;
const PREFER_BEFORE = /(?:用|使用|派|让|优先|首选|尽量|换成|改用|use|using|with|prefer|take)\s*(?:the\s+)?$/i;

const KIND_HINTS: Array<[RegExp, string]> = [
  [/收割机|收获机|combine|harvester/i, 'HARVESTING'],
  [/拖拉机|tractor/i, 'TILLAGE'],
  [/播种机|seeder|planter/i, 'SOWING_PLANTING'],
  [/植保机|无人机|喷药机|drone|sprayer/i, 'CROP_PROTECTION'],
  [/打捆机|baler/i, 'BALING'],
];

/**
 * The machines a hint leaves ("克拉斯", "收割机", "S780") and how many of its characters it used:
 * a hint that fits none is not a hint (it was other words: "那台不要用").
 */
function narrow(machines: UsualMachine[], hint: string): { left: UsualMachine[]; used: number } {
  const none = { left: machines, used: 0 };
  if (!hint) return none;
  const kind = KIND_HINTS.find(([re]) => re.exec(hint)?.index === 0);
  if (kind) {
    const byKind = machines.filter((m) => m.types.includes(kind[1]));
    return byKind.length ? { left: byKind, used: kind[0].exec(hint)![0].length } : none;
  }
  // the longest start of the hint found in a machine's maker, model or name ("克拉斯收" → "克拉斯")
  for (let n = hint.length; n >= 2; n--) {
    const f = fold(hint.slice(0, n));
    const hit = f ? machines.filter((m) => fold(`${m.model}${m.name}`).includes(f)) : [];
    if (hit.length) return { left: hit, used: n };
  }
  return none;
}

function pick(ms: UsualMachine[]): UsualMachine[] {
  const current = ms.filter((m) => m.current);
  if (current.length === 1) return current;
  const top = Math.max(...ms.map((m) => m.jobs));
  const most = ms.filter((m) => m.jobs === top);
  if (most.length === 1) return most;
  const latest = most.reduce((a, b) => (a.lastAt >= b.lastAt ? a : b));
  return most.filter((m) => m.lastAt === latest.lastAt);
}

export function resolvePossessives(
  goal: string,
  known: KnownLists,
  usual: readonly UsualMachine[],
  earlier: ReadonlyArray<readonly RunEntity[]>,
): PossessiveResult {
  const zh = hasHan(goal);
  const text = new GoalText(goal);
  const ops = findNames(text, { team: [], field: [], asset: known.assets, operator: known.operators }).matches.filter(
    (m) => m.kind === 'operator',
  );
  const visible = new Map(known.assets.map((a) => [a.id, a.name]));
  const edits: Array<{ start: number; end: number; replace: string }> = [];
  const notes: PossessiveResult['notes'] = [];
  const resolved: PossessiveResult['resolved'] = [];
  for (const op of ops) {
    const rest = goal.slice(op.end);
    const m = ZH_AFTER.exec(rest) ?? EN_AFTER.exec(rest);
    if (!m) continue;
    const hint = m[1] ?? m[2] ?? '';
    const mine = usual.filter((u) => u.operatorId === op.ref.id && visible.has(u.assetId));
    const narrowed = narrow(mine, hint);
    // the phrase ends after the words that narrowed the machine ("那台克拉斯"), not after "不要用"
    const used = m[2] !== undefined || m[1] === undefined ? hint.length : narrowed.used;
    const end = op.end + m[0].length - (hint.length - used);
    const said = goal.slice(op.start, end);
    const fromDraft = firstDraftMachine(earlier, op.ref.id).filter((e) => visible.has(e.id));
    let chosen: KnownRef[];
    if (fromDraft.length > 0) chosen = fromDraft.map((e) => ({ id: e.id, name: visible.get(e.id)! }));
    else {
      const left = mine.length ? pick(narrowed.left) : [];
      chosen = left.map((u) => ({ id: u.assetId, name: visible.get(u.assetId)! }));
    }
    if (chosen.length !== 1) {
      const list = chosen.map((c) => c.name).join(zh ? '、' : ', ');
      return {
        goal,
        notes: [],
        resolved: [],
        question: chosen.length
          ? zh
            ? `${op.ref.name}最近开过${chosen.length}台机器：${list}。“${said}”是哪一台？`
            : `${op.ref.name} has run ${chosen.length} machines lately: ${list}. Which one is "${said}"?`
          : zh
            ? `没有找到${op.ref.name}最近开过的机器，“${said}”是指哪一台？`
            : `I found no machine ${op.ref.name} has run lately; which one is "${said}"?`,
      };
    }
    const machine = chosen[0]!;
    const keepOperator = PREFER_BEFORE.test(goal.slice(0, op.start));
    const replace = keepOperator
      ? zh
        ? `${machine.name}和${op.ref.name}`
        : `${machine.name} and ${op.ref.name}`
      : machine.name;
    edits.push({ start: op.start, end, replace });
    resolved.push({ said, entity: { kind: 'asset', id: machine.id, name: machine.name, via: 'reference' } });
    notes.push({
      zh: `“${said}”指${op.ref.name}常开的机器“${machine.name}”${keepOperator ? `，机手仍是${op.ref.name}` : ''}`,
      en: `"${said}" is the machine ${op.ref.name} runs, "${machine.name}"${keepOperator ? `, with ${op.ref.name} as its operator` : ''}`,
    });
  }
  let out = goal;
  for (const e of [...edits].sort((a, b) => b.start - a.start))
    out = `${out.slice(0, e.start)}${e.replace}${out.slice(e.end)}`;
  return { goal: out, notes, resolved, question: null };
}

/** The machines an operator was given in the newest earlier draft of the conversation that gave them one. */
function firstDraftMachine(earlier: ReadonlyArray<readonly RunEntity[]>, operatorId: string): RunEntity[] {
  for (const run of earlier) {
    const hits = run.filter((e) => e.kind === 'asset' && e.via === 'draft' && e.operatorId === operatorId);
    if (hits.length > 0) return [...new Map(hits.map((h) => [h.id, h])).values()];
  }
  return [];
}
