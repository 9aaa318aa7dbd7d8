import { findNames, KIND_WORDS, type KnownRef, type NameKind } from '../planner/names.js';
import { hasHan } from '../../platform/text/script.js';
import { GoalText } from '../planner/text.js';
import { fold } from '../skills/machine-match.js';

/**
 * Entity memory within a conversation. Each run stores the entities its goal named
 * or referred to, ids + names only (`AgentRun.entities`), and for a draft the machine each
 * operator was given. A later goal's references — "那台收割机", "它", "it", "张师傅那台",
 * "the same field", "同一块地", "that team", "him" — are resolved against those, newest run first:
 *
 * - exactly one earlier entity of that kind (a machine-type word such as 收割机 / combine must
 *   match the machine's operation types when known) → the reference is replaced by its current
 *   name before planning, and a note says so;
 * - several, or none, or one the caller can no longer see (not in this run's `known`, which is
 *   loaded within the caller's permissions and data scope) → a question, never a guess.
 *
 * Only names and ids are remembered: whether a machine is in maintenance or free always comes
 * from the current run's tools.
 */

export type EntityKind = NameKind;
export interface RunEntity {
  kind: EntityKind;
  id: string;
  name: string;
  /** goal = named in the goal, reference = resolved from a reference, draft = in the run's draft */
  via: 'goal' | 'reference' | 'draft';
  /** machines: operation types of their model (what "that combine" can mean) */
  types?: string[];
  /** draft machines: the operator (membership id) they were given to */
  operatorId?: string;
}

export interface KnownLists {
  teams: readonly KnownRef[];
  fields: readonly KnownRef[];
  assets: readonly KnownRef[];
  operators: readonly KnownRef[];
}

export interface Resolution {
  /** the goal with each resolved reference replaced by the entity's name */
  goal: string;
  resolved: Array<{ said: string; entity: RunEntity }>;
  notes: Array<{ zh: string; en: string }>;
  /** set when a reference cannot be resolved to exactly one entity: ask, do not plan */
  question: string | null;
}

/** machine-type words → the operation types a machine of that kind has */
const TYPE_WORDS: Array<[RegExp, string]> = [
  [/收割机|收获机|联合收割机|combine|harvester/, 'HARVESTING'],
  [/拖拉机|tractor/, 'TILLAGE'],
  [/播种机|插秧机|seeder|planter|drill/, 'SOWING_PLANTING'],
  [/喷药机|植保机|无人机|打药机|sprayer|drone/, 'CROP_PROTECTION'],
  [/打捆机|baler/, 'BALING'],
];
const ASSET_NOUN = '(?:机器|机子|车|收割机|收获机|联合收割机|拖拉机|播种机|插秧机|喷药机|植保机|无人机|打药机|打捆机)';
const EN_ASSET_NOUN = '(?:machine|tractor|combine|harvester|sprayer|drone|seeder|planter|baler|one)';

interface RefPattern {
  re: RegExp;
  kind: EntityKind;
  /** the owner form "张师傅那台": group 1 is the operator's name or surname */
  owner?: boolean;
  /** the group holding only the pronoun to replace ("use it": replace "it", keep "use") */
  group?: number;
}

const PATTERNS: RefPattern[] = [
  {
    re: new RegExp(`([\\u4e00-\\u9fff]{1,3}?)(?:师傅|老师|大哥|哥|叔)(?:的)?(?:那|这)(?:台|辆|部)${ASSET_NOUN}?`, 'g'),
    kind: 'asset',
    owner: true,
  },
  { re: new RegExp(`(?:上面|刚才|前面|上次|之前)?(?:那|这|同一)(?:台|辆|部)${ASSET_NOUN}?`, 'g'), kind: 'asset' },
  { re: /它/g, kind: 'asset' },
  { re: new RegExp(`\\b(?:that|this|the\\s+same)\\s+${EN_ASSET_NOUN}\\b`, 'g'), kind: 'asset' },
  { re: /\b(?:use|using|avoid|prefer|skip|exclude|keep|leave|with|without|not)\s+(it)\b/g, kind: 'asset', group: 1 },
  { re: /(?:上面|刚才|前面|上次|之前)?(?:同一|那|这)(?:块|片)(?:地块|地|田)?|同一(?:个)?地块/g, kind: 'field' },
  { re: /\b(?:the\s+same|that|this)\s+(?:field|plot)\b/g, kind: 'field' },
  { re: /(?:同一个?|那个|这个)(?:作业)?队/g, kind: 'team' },
  { re: /\b(?:the\s+same|that|this)\s+(?:team|crew)\b/g, kind: 'team' },
  { re: /(?:那位|这位|同一个|同一位)(?:师傅|机手|司机|人)|(?<![其])[他她](?![们])/g, kind: 'operator' },
  { re: /\b(?:the\s+same|that|this)\s+(?:operator|driver)\b|\b(him|her)\b/g, kind: 'operator' },
];

/**
 * `earlier`: the entities of the conversation's earlier runs, newest run first.
 * `known`: this run's names (within the caller's current permissions and scope).
 */
export function resolveReferences(
  goal: string,
  earlier: ReadonlyArray<readonly RunEntity[]>,
  known: KnownLists,
): Resolution {
  const zh = hasHan(goal);
  const lower = new GoalText(goal).norm;
  const taken: Array<{ start: number; end: number; replace: string; said: string; entity: RunEntity }> = [];
  const notes: Resolution['notes'] = [];
  // known names are never references ("这台" inside a machine called "这台红拖" is its name)
  const named = findNames(new GoalText(goal), {
    team: known.teams,
    field: known.fields,
    asset: known.assets,
    operator: known.operators,
  }).matches;
  const knownIds: Record<EntityKind, Map<string, string>> = {
    team: new Map(known.teams.map((r) => [r.id, r.name])),
    field: new Map(known.fields.map((r) => [r.id, r.name])),
    asset: new Map(known.assets.map((r) => [r.id, r.name])),
    operator: new Map(known.operators.map((r) => [r.id, r.name])),
  };

  for (const p of PATTERNS) {
    for (const m of lower.matchAll(p.re)) {
      const offset = p.group ? m[0].lastIndexOf(m[p.group]!) : 0;
      const start = m.index + offset;
      const end = p.group ? start + m[p.group]!.length : m.index + m[0].length;
      if (taken.some((t) => start < t.end && t.start < end) || named.some((n) => start < n.end && n.start < end))
        continue;
      // "那台S780", "这台雷沃", "那台克拉斯": the machine's own words follow, so it names one, refers to nothing
      if (p.kind === 'asset' && !p.owner && !p.group && namesAMachine(goal.slice(end), known.assets)) continue;
      const said = goal.slice(start, end);
      const typeHint = TYPE_WORDS.find(([re]) => re.test(m[0]))?.[1];
      let candidates: RunEntity[];
      if (p.owner) {
        const who = m[1]!;
        const owners = known.operators.filter((o) => o.name.startsWith(who));
        if (owners.length !== 1)
          return ask(
            goal,
            zh
              ? `“${said}”是指哪位机手的机器？${owners.length > 1 ? `姓${who}的有：${owners.map((o) => o.name).join('、')}。` : ''}`
              : `Whose machine is "${said}"?`,
          );
        candidates = firstWith(
          earlier,
          (e) => e.kind === 'asset' && e.via === 'draft' && e.operatorId === owners[0]!.id,
        );
        if (candidates.length === 0)
          return ask(
            goal,
            zh
              ? `这段对话里还没有${owners[0]!.name}用过的机器，“${said}”是指哪一台？`
              : `No machine of ${owners[0]!.name} came up in this conversation; which one is "${said}"?`,
          );
      } else {
        candidates = firstWith(
          earlier,
          (e) => e.kind === p.kind && e.via !== 'draft' && (!typeHint || !e.types || e.types.includes(typeHint)),
        );
      }
      const word = KIND_WORDS[p.kind];
      if (candidates.length === 0)
        return ask(
          goal,
          zh
            ? `“${said}”是指哪个${word.zh}？这段对话里之前没有提到过。`
            : `Which ${word.en} do you mean by "${said}"? None came up earlier in this conversation.`,
        );
      if (candidates.length > 1) {
        const list = candidates.map((c) => c.name).join(zh ? '、' : ', ');
        return ask(goal, zh ? `“${said}”是指哪一个：${list}？` : `Which one do you mean by "${said}": ${list}?`);
      }
      const entity = candidates[0]!;
      const current = knownIds[p.kind].get(entity.id);
      if (!current)
        return ask(
          goal,
          zh
            ? `之前提到的“${entity.name}”现在不在你可以查看的范围内，请重新指定${word.zh}。`
            : `"${entity.name}" mentioned earlier is not visible to you now; please name the ${word.en} again.`,
        );
      taken.push({ start, end, replace: current, said, entity: { ...entity, name: current, via: 'reference' } });
      notes.push({
        zh: `“${said}”指上文提到的${word.zh}“${current}”`,
        en: `"${said}" is the ${word.en} "${current}" mentioned earlier`,
      });
    }
  }
  let out = goal;
  for (const t of [...taken].sort((a, b) => b.start - a.start))
    out = `${out.slice(0, t.start)}${t.replace}${out.slice(t.end)}`;
  return {
    goal: out,
    resolved: taken.sort((a, b) => a.start - b.start).map((t) => ({ said: t.said, entity: t.entity })),
    notes,
    question: null,
  };

  function ask(g: string, question: string): Resolution {
    return { goal: g, resolved: [], notes: [], question };
  }
}

/**
 * A demonstrative followed by a model or a name ("S780", "GN70", "Lexion") or by a word of one of
 * the caller's machines' names, also a maker said in Chinese (fold: 克拉斯 → claas).
 */
export function namesAMachine(after: string, assets: readonly KnownRef[]): boolean {
  const next = after.replace(/^\s+/, '');
  if (/^[A-Za-z]*\d|^[A-Za-z]{3,}/.test(next)) return true;
  const head = fold(next.slice(0, 8));
  return (
    head.length > 0 &&
    assets.some((a) =>
      a.name.split(/\s+/).some((w) => {
        const fw = fold(w);
        return fw.length >= 2 && !/^#?\d+$/.test(fw) && head.startsWith(fw);
      }),
    )
  );
}

/** The entities matching `pick` in the newest earlier run that has any (one id once). */
function firstWith(earlier: ReadonlyArray<readonly RunEntity[]>, pick: (e: RunEntity) => boolean): RunEntity[] {
  for (const run of earlier) {
    const hits = run.filter(pick);
    if (hits.length > 0) return [...new Map(hits.map((h) => [h.id, h])).values()];
  }
  return [];
}

/** What a run remembers: every known name in its (resolved) goal, plus its draft's machine ↔ operator pairs. */
export function entitiesOf(
  goal: string,
  known: KnownLists,
  resolved: Resolution['resolved'],
  machines: ReadonlyArray<{ id: string; name: string; operationTypes: readonly string[] }>,
  draftPairs: ReadonlyArray<{ assetId: string; operatorId: string }>,
): RunEntity[] {
  const types = new Map(machines.map((m) => [m.id, [...m.operationTypes]]));
  const names = new Map(machines.map((m) => [m.id, m.name]));
  const out: RunEntity[] = [];
  const add = (e: RunEntity) => {
    if (
      out.length < 100 &&
      !out.some((o) => o.kind === e.kind && o.id === e.id && o.via === e.via && o.operatorId === e.operatorId)
    )
      out.push(e);
  };
  const resolvedIds = new Set(resolved.map((r) => r.entity.id));
  for (const m of findNames(new GoalText(goal), {
    team: known.teams,
    field: known.fields,
    asset: known.assets,
    operator: known.operators,
  }).matches) {
    add({
      kind: m.kind,
      id: m.ref.id,
      name: m.ref.name,
      via: resolvedIds.has(m.ref.id) ? 'reference' : 'goal',
      ...(m.kind === 'asset' && types.has(m.ref.id) ? { types: types.get(m.ref.id)! } : {}),
    });
  }
  for (const p of draftPairs) {
    const name = names.get(p.assetId);
    if (name)
      add({
        kind: 'asset',
        id: p.assetId,
        name,
        via: 'draft',
        operatorId: p.operatorId,
        types: types.get(p.assetId) ?? [],
      });
  }
  return out;
}

/** A stored `entities` value, read defensively (older runs have `[]`). */
export function parseEntities(raw: unknown): RunEntity[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (e): e is RunEntity =>
      typeof e === 'object' &&
      e !== null &&
      ['team', 'field', 'asset', 'operator'].includes((e as RunEntity).kind) &&
      typeof (e as RunEntity).id === 'string' &&
      typeof (e as RunEntity).name === 'string',
  );
}
