import type { TPurchaseLine } from '@amms/contracts/drafts';
import { contentHashOf } from '../../planning/draft-content.js';
import { ToolFailed } from '../../planning/tools/runner.js';
import type { SkillOutcome, SkillRequest } from './skill-outcome.js';

/** the services due within this many days count, when the goal names no period */
const DEFAULT_DAYS = 14;

/**
 * The horizon a purchase goal speaks of, in days from today: this week 7, next week 14 (to its
 * end), this / next month 31 / 62, "N 天 / 周 / 月", "N days / weeks / months"; else 14.
 */
export function purchaseHorizon(goal: string): number {
  const g = goal.toLowerCase();
  const n = /(\d{1,3})\s*(?:个)?\s*(天|日|周|星期|礼拜|月|days?|weeks?|months?)/.exec(g);
  if (n) {
    const k = Number(n[1]);
    const unit = n[2]!;
    const days = /天|日|day/.test(unit) ? k : /周|星期|礼拜|week/.test(unit) ? k * 7 : k * 31;
    return Math.min(180, Math.max(1, days));
  }
  if (/下个?月|next month/.test(g)) return 62;
  if (/本月|这个?月|this month/.test(g)) return 31;
  if (/下下周|week after next/.test(g)) return 21;
  if (/本周|这周|这个星期|this week|today|今天|明天|tomorrow/.test(g)) return 7;
  if (/下周|下个星期|下星期|next week/.test(g)) return 14;
  return DEFAULT_DAYS;
}

/**
 * PURCHASE: what to order, through the `parts_to_order` tool (the caller's inventory.read and data
 * scope; inventory/purchase-plan.ts decides): one line per part, per supplier, with why. Lines
 * → a PURCHASE draft a person confirms; executing it writes the purchase cost documents. No line
 * → a message that nothing needs ordering. Without inventory.read: a refusal, never a guess.
 */
export async function purchase({ runner, goal, routed }: SkillRequest): Promise<SkillOutcome> {
  const zh = routed.language === 'zh';
  const withinDays = purchaseHorizon(goal);
  let lines: TPurchaseLine[];
  let step: number;
  try {
    const r = await runner.call<TPurchaseLine[]>('parts_to_order', { withinDays, language: routed.language });
    lines = r.result;
    step = r.step;
  } catch (err) {
    if (!(err instanceof ToolFailed)) throw err;
    const message = zh
      ? `无法读取库存，未拟定采购单（${err.message}）。`
      : `I could not read the stock, so no purchase was drafted (${err.message}).`;
    runner.note('message', { message });
    return { status: 'COMPLETED', question: null, message, answer: null, draft: null };
  }
  if (lines.length === 0) {
    const message = zh
      ? `未来 ${withinDays} 天的到期保养所需配件库存充足，也没有低于再订货点的配件，无需采购。`
      : `Nothing to order: the stock covers the maintenance due in the next ${withinDays} days and no part is at its reorder point.`;
    runner.note('message', { message });
    return { status: 'COMPLETED', question: null, message, answer: null, draft: null };
  }
  const suppliers = new Set(lines.map((l) => l.supplierName ?? '')).size;
  const message = zh
    ? `拟定了采购草稿：${lines.length} 项配件，${suppliers} 家供应商（未来 ${withinDays} 天的保养需求与再订货点），请确认。`
    : `Drafted a purchase: ${lines.length} part${lines.length === 1 ? '' : 's'} from ${suppliers} supplier${suppliers === 1 ? '' : 's'} (maintenance due in the next ${withinDays} days and reorder points); please confirm.`;
  runner.note('message', { message });
  const validation = { ok: true, violations: [], warnings: [] };
  return {
    status: 'COMPLETED',
    question: null,
    message,
    answer: null,
    draft: {
      kind: 'PURCHASE',
      title: goal.slice(0, 200),
      content: { items: lines, unplaced: [], validation, contentHash: contentHashOf(lines, [], validation) },
      evidence: lines.map((l) => ({ itemKey: l.itemKey, jobId: '', steps: { parts_to_order: step } })),
    },
  };
}
