/**
 * A schedule draft explained for the person who reads it: unplaced jobs and findings rewritten
 * in the goal's language with local times (from their codes), and per item the reasons it is
 * that machine, operator and time (`evidence[].why`). The content hash is recomputed over the
 * explained content, so what a person confirms is what they read.
 */
import type { TDraftEvidence } from '@amms/contracts/drafts';
import { contentHashOf, type DraftContent } from '../../planning/draft-content.js';
import type { ScheduleItem, UnplacedJob } from '../../planning/scheduler/types.js';
import { findingText, unplacedText, type ExplainContext } from './findings.js';
import { optionText } from './findings-world.js';
import { itemReasons } from './item-reasons.js';
import { travelReason } from './travel-reason.js';

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
  const why = items.map((it) => {
    const road = travelReason(c, it, items);
    return [...itemReasons(c, it, items, teamNames), ...(road ? [road] : [])];
  });
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

/** the evidence rows with each item's reasons */
export function withWhy(evidence: TDraftEvidence, why: readonly ReturnType<typeof itemReasons>[]): TDraftEvidence {
  return evidence.map((e, i) => (why[i]?.length ? { ...e, why: why[i] } : e));
}
