import type { TPrestartAnswer, TPrestartCheck, TPrestartItem } from '@amms/contracts/prestart';
import type { Prisma } from '@amms/db';
import type { PrestartCheckRow, PrestartItemRow } from './prestart.repository.js';

export const toPrestartItem = (r: PrestartItemRow): TPrestartItem => ({
  id: r.id,
  label: r.label,
  blocksStart: r.blocksStart,
  sourceTitle: r.sourceTitle,
  sourcePage: r.sourcePage,
});

/** The stored answers (JSON written by PrestartService only). */
export const answersOf = (json: Prisma.JsonValue): TPrestartAnswer[] => (json ?? []) as unknown as TPrestartAnswer[];

export const toPrestartCheck = (r: PrestartCheckRow, numbers: ReadonlyMap<string, number>): TPrestartCheck => ({
  id: r.id,
  jobId: r.jobId,
  assetId: r.assetId,
  performedByMembershipId: r.performedByMembershipId,
  performedAt: r.performedAt.toISOString(),
  answers: answersOf(r.answers),
  failedCount: r.failedCount,
  blocking: r.blocking,
  workOrderId: r.workOrderId,
  workOrderNumber: r.workOrderId ? (numbers.get(r.workOrderId) ?? null) : null,
});

/** The fault report's text: the failed items, each with its note and the manual page it comes from. */
export function faultText(failed: readonly TPrestartAnswer[]): { title: string; description: string } {
  const first = failed[0]!;
  const more = failed.length > 1 ? ` (+${failed.length - 1})` : '';
  const lines = failed.map((a) => {
    const source = a.sourceTitle ? ` [${a.sourceTitle}${a.sourcePage ? `, p. ${a.sourcePage}` : ''}]` : '';
    return `- ${a.label}${a.note ? `: ${a.note}` : ''}${source}`;
  });
  // the items are written in the org's language: the heading follows them
  const zh = /[\u4e00-\u9fff]/.test(first.label);
  const head = zh ? '班前检查不合格' : 'Pre-start check failed';
  return {
    title: `${head}: ${first.label}${more}`.slice(0, 200),
    description: [`${head}:`, ...lines].join('\n').slice(0, 4000),
  };
}
