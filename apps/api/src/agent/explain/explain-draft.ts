/**
 * A schedule draft explained for the person who reads it: unplaced jobs and findings rewritten
 * in the goal's language with local times (from their codes), and per item the reasons it is
 * that machine, operator and time (`evidence[].why`). The content hash is recomputed over the
 * explained content, so what a person confirms is what they read.
 */
import type { TDraftEvidence } from '@amms/contracts/drafts';
import { contentHashOf, type DraftContent } from '../../planning/draft-content.js';
import type { ScheduleItem, UnplacedJob } from '../../planning/scheduler/types.js';
import type { VersionExplainer } from '../../drafts/drafts.versions.js';
import { findingText, unplacedText, type ExplainContext } from './findings.js';
import { optionText } from './findings-world.js';
import { itemReasons } from './item-reasons.js';
import { workReasons } from './item-work.js';
import { travelReason } from './travel-reason.js';
import { partReason } from './part-reason.js';

export interface Explained {
  content: DraftContent;
  /** per item, in item order */
  why: ReturnType<typeof itemReasons>[];
}

export function explainDraft(
  c: ExplainContext,
  content: DraftContent,
  items: readonly ScheduleItem[],
  unplaced: readonly UnplacedJob[],
  teamNames: ReadonlyMap<string, string>,
  /** the goal asked for the split ("两台一起收"): the parts say so */
  askedSplit = false,
): Explained {
  const byJob = new Map(unplaced.map((u) => [u.jobId, u]));
  const outUnplaced = content.unplaced.map((u) => ({
    ...u,
    detail: unplacedText(c, { ...u, candidates: byJob.get(u.jobId)?.candidates }),
    ...('options' in u && Array.isArray(u.options) && u.options.length
      ? { options: u.options.map((o) => ({ ...o, detail: optionText(c, u.jobId, o) })) }
      : {}),
  }));
  const finding = <F extends { code: string; message: string; itemIndex: number }>(f: F): F => ({
    ...f,
    message: findingText(c, f, items[f.itemIndex]),
  });
  const validation = {
    ok: content.validation.ok,
    violations: content.validation.violations.map(finding),
    warnings: content.validation.warnings.map(finding),
  };
  const why = items.map((it) => reasonsOf(c, it, items, teamNames, askedSplit));
  return {
    content: {
      items: content.items,
      unplaced: outUnplaced,
      validation,
      contentHash: contentHashOf(content.items, outUnplaced, validation),
    },
    why,
  };
}

/** the planner's own choices (when, which of the free machines, that the operator was free): not claimed for an edit */
const PLANNER_CHOICES = new Set(['STARTS', 'CLOSE', 'OPERATOR']);

/**
 * A follow-up's version (drafts.versions.ts) said like a planned draft: its findings from their
 * codes in the conversation's language, and every item's reasons (the drafts module keeps them on
 * the items the edit changed). The figures are re-explained (FITS, OUTPUT, WORKING_HOURS, LICENCE,
 * HOURS_LIMIT, the road); what a person decided is said as EDITED with their words, instead of
 * the planner's reasons for a time, a machine among the free ones or an operator.
 */
export function explainVersion(
  lang: ExplainContext['lang'],
  timezone: string,
  teamNames: ReadonlyMap<string, string>,
  /** the person's words (a follow-up, an editor's note); null: an edit in the draft editor without a note */
  said: string | null,
): VersionExplainer {
  const edited = {
    code: 'EDITED',
    params: { said: said ?? '' },
    text:
      said === null
        ? lang === 'zh'
          ? '在草案编辑器里手工改动'
          : 'changed by hand in the draft editor'
        : lang === 'zh'
          ? `按要求改动：“${said}”`
          : `changed as you asked: "${said}"`,
  };
  return ({ facts, input, items, validation }) => {
    const c: ExplainContext = { facts, input, lang, timezone };
    const finding = <F extends { code: string; message: string; itemIndex: number }>(f: F): F => ({
      ...f,
      message: findingText(c, f, items[f.itemIndex]),
    });
    return {
      validation: {
        ok: validation.ok,
        violations: validation.violations.map(finding),
        warnings: validation.warnings.map(finding),
      },
      why: items.map((it) => [
        edited,
        ...reasonsOf(c, it, items, teamNames, said !== null).filter((r) => !PLANNER_CHOICES.has(r.code)),
      ]),
    };
  };
}

function reasonsOf(
  c: ExplainContext,
  it: ScheduleItem,
  items: readonly ScheduleItem[],
  teamNames: ReadonlyMap<string, string>,
  /** a split the person asked for (a follow-up), not one the scheduler made */
  asked = false,
) {
  const road = travelReason(c, it, items);
  const part = partReason(c, it, items, asked);
  return [
    ...(part ? [part] : []),
    ...itemReasons(c, it, items, teamNames),
    ...workReasons(c, it, items),
    ...(road ? [road] : []),
  ];
}

/** the evidence rows with each item's reasons */
export function withWhy(evidence: TDraftEvidence, why: readonly ReturnType<typeof itemReasons>[]): TDraftEvidence {
  return evidence.map((e, i) => (why[i]?.length ? { ...e, why: why[i] } : e));
}
