/** The agent's purchase hook: what to order for the coming services, answered by the inventory module. */
import { z } from 'zod';
import { ZPurchaseLine, type TPurchaseLine } from '@amms/contracts/drafts';
import type { OrgContext } from '../../platform/access/context.js';
import type { AgentTool } from '../../platform/tools/tool.js';

export interface PurchaseNeedsArgs {
  /** the services due within this many days count */
  withinDays: number;
  language: 'zh' | 'en';
}

/**
 * The parts to order, one line per part (its supplier, the location receiving it, the quantity
 * and why). Bound to `PURCHASE_NEEDS` by the inventory module (inventory/purchase-needs.service.ts);
 * the agent never reads stock itself.
 */
export interface PurchaseNeeds {
  lines(ctx: OrgContext, args: PurchaseNeedsArgs): Promise<TPurchaseLine[]>;
}
export const PURCHASE_NEEDS = Symbol('PURCHASE_NEEDS');

/** `parts_to_order`: the purchase lines of the coming services and the parts at or under their reorder point. */
export function partsToOrderTool(needs: PurchaseNeeds): AgentTool<PurchaseNeedsArgs, TPurchaseLine[]> {
  return {
    name: 'parts_to_order',
    description:
      'Parts to order: what due maintenance within N days needs (plan checklists) and what is at or under its reorder point, less what is available and on order, per supplier, with the reason',
    input: z.strictObject({
      withinDays: z.number().int().min(1).max(180).default(14),
      language: z.enum(['zh', 'en']).default('zh'),
    }),
    output: z.array(ZPurchaseLine),
    permissions: ['inventory.read'],
    scope: 'data-scope',
    writes: 'nothing',
    timeoutMs: 8000,
    run: (ctx, i) => needs.lines(ctx, i),
    render: (r, u) =>
      r
        .map(
          (l) =>
            `${l.partId} ${u.wrap(l.partNumber)} ×${l.quantity} from ${u.wrap(l.supplierName ?? '-')}: ${u.wrap(l.reason)}`,
        )
        .join('\n'),
  };
}
