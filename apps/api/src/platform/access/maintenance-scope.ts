import type { Prisma } from '@amms/db';
import type { OrgContext } from './context.js';
import { MATCH_NOTHING, scopeWhere } from './data-scope.js';
import { may, mayAny } from './permission.js';

/**
 * Work orders a caller may see and touch, applied inside every query (outside → 404).
 * ORG: all. TEAM: orders of machines of my teams, plus orders assigned to me (a mechanic
 * lent to another team still sees their job). ASSIGNED: orders assigned to me or reported by
 * me (an operator follows the fault they reported).
 * TEAM without teams: the assigned-to-me half still applies.
 */
export function workOrderScope(ctx: OrgContext): Prisma.WorkOrderWhereInput {
  const mine: Prisma.WorkOrderWhereInput[] = ctx.membershipId ? [{ assigneeMembershipId: ctx.membershipId }] : [];
  return scopeWhere<Prisma.WorkOrderWhereInput>(ctx, {
    team: (teamIds) => ({ OR: [{ asset: { teamId: { in: [...teamIds] } } }, ...mine] }),
    teamless: () => (mine.length > 0 ? { OR: mine } : MATCH_NOTHING),
    assigned: (membershipId) => ({
      OR: [{ assigneeMembershipId: membershipId }, { reportedByMembershipId: membershipId }],
    }),
  });
}

/**
 * Work orders a caller may read (list + detail): those of their scope, plus every order they
 * reported themselves, whatever their scope says (an operator follows the fault they reported
 * even after the machine moved to another team). A caller without `maintenance.read` (an
 * operator reaches the read routes through `workorder.write`) reads only their own reports.
 * Changing an order still needs `workOrderScope`.
 */
export function workOrderReadScope(ctx: OrgContext): Prisma.WorkOrderWhereInput {
  const reported: Prisma.WorkOrderWhereInput = ctx.membershipId
    ? { reportedByMembershipId: ctx.membershipId }
    : MATCH_NOTHING;
  if (!may(ctx, 'maintenance.read')) return reported;
  if (ctx.dataScope === 'ORG' || !ctx.membershipId) return workOrderScope(ctx);
  return { OR: [workOrderScope(ctx), reported] };
}

/**
 * Whether a caller sees a work order's money (labour / parts / total cost, part prices). Only
 * callers who read maintenance do: an operator reading the fault they reported (through
 * `workorder.write`) follows its progress, not its costs.
 */
export function seesWorkOrderCosts(ctx: OrgContext): boolean {
  return may(ctx, 'maintenance.read');
}

/**
 * Whether a caller reads work orders at all: with `maintenance.read`, or through `workorder.write`
 * (an operator reads the faults they reported, see `workOrderReadScope`).
 */
export function readsWorkOrders(ctx: OrgContext): boolean {
  return mayAny(ctx, 'maintenance.read', 'workorder.write');
}

/**
 * Plans a caller may see. Model plans (modelId set, assetId null) are general service
 * knowledge and visible to every scope; asset plans follow the asset's team under TEAM and
 * are hidden under ASSIGNED.
 */
export function planScope(ctx: OrgContext): Prisma.MaintenancePlanWhereInput {
  return scopeWhere<Prisma.MaintenancePlanWhereInput>(ctx, {
    team: (teamIds) => ({ OR: [{ assetId: null }, { asset: { teamId: { in: [...teamIds] } } }] }),
    teamless: () => ({ assetId: null }),
    assigned: () => ({ assetId: null }),
  });
}
