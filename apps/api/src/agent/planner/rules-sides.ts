import { KIND_WORDS, type KnownRef, type NameMatch, type NameScan } from './names.js';
import { makeMatches } from './rules-makes.js';
import { Refs, clip, type Notes, type Side } from './rules-notes.js';
import { GoalText, leftmostLongest, scan, type Span } from './text.js';
import {
  CLAUSE_FILLER,
  CLAUSE_STOP,
  CIRCUMFIX_AVOID_AFTER,
  CIRCUMFIX_AVOID_BEFORE,
  CLAUSE_VERBS,
  POSTFIX_AVOID,
  POSTFIX_PREFER,
  PREFIX_AVOID,
  STATE_TERMS,
} from './vocabulary.js';

const REF_KINDS = { asset: 'assets', operator: 'operators' } as const;
const LIST_JOIN = /^\s*(?:和|与|及|、|,|，|and|or|或)\s*$/;

/**
 * Step 4 of the rules planner: which machines and operators to avoid or prefer (postfix forms on
 * names, then on machine states, then clauses opened by a verb), which states to avoid, and the
 * teams and fields the jobs are narrowed to (names said without "avoid"/"prefer").
 */
export function readSides(
  text: GoalText,
  names: NameScan,
  timeSpans: readonly Span[],
  notes: Notes,
  assets: readonly KnownRef[] = [],
) {
  const refs = {
    avoid: { assets: new Refs(), operators: new Refs() },
    prefer: { assets: new Refs(), operators: new Refs() },
  };
  const avoidState = { inMaintenance: false, dueForMaintenance: false };
  const teams = new Refs();
  const fields = new Refs();
  const placed = new Set<NameMatch>();

  // 4a. postfix forms on names, right to left so "S780和8R都不要用" covers both
  const sorted = [...names.matches].sort((a, b) => b.start - a.start);
  const sideOf = new Map<NameMatch, Side>();
  for (const [i, m] of sorted.entries()) {
    if (m.kind !== 'asset' && m.kind !== 'operator') continue;
    // a time said between the name and the verb is skipped: "S780下周也别用"
    const gap = afterTime(m.end, timeSpans, text.norm);
    const after = text.view().slice(gap);
    const avoid = POSTFIX_AVOID.exec(after) ?? aroundAvoid(text, m);
    const prefer = avoid ? null : POSTFIX_PREFER.exec(after);
    const hit = avoid ?? prefer;
    if (hit) {
      text.mask({ start: gap, end: gap + hit[0].length });
      sideOf.set(m, avoid ? 'avoid' : 'prefer');
      continue;
    }
    const next = sorted[i - 1];
    const nextSide = next && sideOf.get(next);
    if (next && nextSide && LIST_JOIN.test(text.norm.slice(m.end, next.start))) sideOf.set(m, nextSide);
  }
  for (const [m, side] of [...sideOf].reverse()) {
    refs[side][REF_KINDS[m.kind as 'asset' | 'operator']].add(m.ref);
    placed.add(m);
  }

  // 4b. postfix forms on machine states: "维修中的机器不要用"
  for (const m of leftmostLongest(scan(text.view(), STATE_TERMS))) {
    const hit = POSTFIX_AVOID.exec(text.view().slice(m.end));
    if (!hit) continue;
    avoidState[m.value] = true;
    text.mask({ start: m.start, end: m.end + hit[0].length });
  }

  // 4c. clauses opened by a verb: "避开维修中的机器", "不要用张三和李四", "prefer the JD 8R"
  const verbs = leftmostLongest(scan(text.view(), CLAUSE_VERBS));
  for (const v of verbs) text.mask(v);
  for (const [i, v] of verbs.entries()) {
    const view = text.view();
    const stopAt = CLAUSE_STOP.exec(view.slice(v.end));
    const end = Math.min(verbs[i + 1]?.start ?? view.length, stopAt ? v.end + stopAt.index : view.length);
    const clause: Span = { start: v.end, end };
    const side: Side = v.value.clause;
    const leftovers: Span[] = [];

    for (const m of names.matches) {
      if (placed.has(m) || m.start < clause.start || m.end > clause.end) continue;
      leftovers.push(m);
      if (m.kind === 'asset' || m.kind === 'operator') {
        refs[side][REF_KINDS[m.kind]].add(m.ref);
        placed.add(m);
      } else if (v.value.strong) {
        // "不要安排一队" / "prefer the north team": excluding or preferring a team or a field is
        // not a constraint we have; saying so beats silently widening or narrowing the jobs
        placed.add(m);
        notes.add(
          side === 'avoid'
            ? `不支持排除${KIND_WORDS[m.kind].zh}“${m.ref.name}”，已忽略`
            : `不支持优先${KIND_WORDS[m.kind].zh}“${m.ref.name}”，已忽略`,
          side === 'avoid'
            ? `excluding the ${m.kind} "${m.ref.name}" is not supported; ignored`
            : `preferring the ${m.kind} "${m.ref.name}" is not supported; ignored`,
        );
      }
    }
    if (side === 'avoid') {
      const states = leftmostLongest(scan(view.slice(0, clause.end), STATE_TERMS)).filter(
        (s) => s.start >= clause.start,
      );
      for (const s of states) {
        avoidState[s.value] = true;
        text.mask(s);
        leftovers.push(s);
      }
    }
    // a make or model ("prefer DJI drones", "优先用大疆") → the machines that carry it
    const said = residual(text, clause, leftovers);
    const make = said ? makeMatches(said, assets) : null;
    if (make) {
      for (const r of make.refs) refs[side].assets.add(r);
      text.mask(clause);
      notes.add(
        `“${clip(make.word)}”指${make.refs.length}台机器：${make.refs.map((r) => r.name).join('、')}`,
        `"${clip(make.word)}" means ${make.refs.length} machine(s): ${make.refs.map((r) => r.name).join(', ')}`,
      );
      continue;
    }
    if (v.value.strong) {
      const rest = said;
      // a short leftover is probably a name we do not know and is worth quoting back; a long
      // one is not a name, and goal text is not echoed at length
      if (rest && rest.length <= 24)
        notes.add(
          `没有找到“${clip(rest)}”（不是已知的机器或机手），已忽略`,
          `"${clip(rest)}" is not a known machine or operator; ignored`,
        );
      else if (rest)
        notes.add(
          `“${side === 'avoid' ? '避开' : '优先'}”后面的部分内容不是已知的机器或机手，已忽略`,
          `part of what follows "${side}" is not a known machine or operator; ignored`,
        );
    }
  }
  for (const m of names.matches) {
    if (placed.has(m)) continue;
    if (m.kind === 'team') teams.add(m.ref);
    else if (m.kind === 'field') fields.add(m.ref);
    else
      notes.add(
        `提到了“${m.ref.name}”，但没有说明要避开还是优先，已忽略`,
        `"${m.ref.name}" is mentioned without "avoid" or "prefer"; ignored`,
      );
  }
  for (const kind of ['assets', 'operators'] as const) {
    for (const r of refs.prefer[kind].list()) {
      if (!refs.avoid[kind].has(r.id)) continue;
      refs.prefer[kind].remove(r.id);
      notes.add(`“${r.name}”既要避开又要优先，按避开处理`, `"${r.name}" is both avoided and preferred; avoiding it`);
    }
  }
  return { refs, avoidState, teams, fields };
}

/** Where the words after `at` start once time expressions (and spaces) right after it are skipped. */
function afterTime(at: number, spans: readonly Span[], norm: string): number {
  let i = at;
  for (let moved = true; moved;) {
    moved = false;
    while (/\s/.test(norm[i] ?? '')) i++;
    const s = spans.find((x) => x.start <= i && x.end > i);
    if (s) {
      i = s.end;
      moved = true;
    }
  }
  return i;
}

/**
 * Avoidance said around a name rather than after it: "keep the S780 out of it", "leave X out"
 * (circumfix; the returned match covers the "out …" part) or "no S780", "不算李四" (a negation
 * right before it; that negation is masked here and an empty match is returned).
 */
function aroundAvoid(text: GoalText, m: Span): RegExpExecArray | null {
  const view = text.view();
  const before = view.slice(0, m.start);
  const after = CIRCUMFIX_AVOID_AFTER.exec(view.slice(m.end));
  if (after && CIRCUMFIX_AVOID_BEFORE.test(before)) return after;
  const neg = PREFIX_AVOID.exec(before);
  if (!neg) return null;
  text.mask({ start: neg.index, end: m.start });
  return /^/.exec('');
}

/** What is left of a clause once names, states and filler words are taken out (original case). */
function residual(text: GoalText, clause: Span, taken: Span[]): string | null {
  const view = text.view();
  let out = '';
  for (let i = clause.start; i < clause.end; i++) {
    const inTaken = taken.some((t) => i >= t.start && i < t.end);
    out += inTaken || view[i] === '\u0000' ? ' ' : text.original[i];
  }
  const meaningful = out.replace(new RegExp(CLAUSE_FILLER.source, 'gi'), ' ').replace(/\s+/g, ' ').trim();
  return [...meaningful].filter((c) => /[\p{L}\p{N}]/u.test(c)).length >= 2 ? meaningful : null;
}
