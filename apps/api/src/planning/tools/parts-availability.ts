import type { OrgContext } from '../../platform/access/context.js';

/** A part a service needs (from the last completed work order of the same plan on the same machine). */
export interface PartNeed {
  partNumber: string | null;
  name: string;
  quantity: number;
}

/**
 * Whether the parts a maintenance draft needs are at hand: true (in stock), false (not: the
 * order waits for the part), null (not known). The hook a parts and stock module answers; the
 * agent never reads stock itself. Bound to `PARTS_AVAILABILITY` by the inventory module
 * (inventory/stock-availability.ts).
 */
export interface PartsAvailability {
  check(ctx: OrgContext, needs: readonly PartNeed[]): Promise<Array<boolean | null>>;
}
export const PARTS_AVAILABILITY = Symbol('PARTS_AVAILABILITY');
