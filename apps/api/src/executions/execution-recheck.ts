import { z } from 'zod';
import {
  ZCorrectiveItem,
  ZDraftItem,
  ZMaintenanceItem,
  ZPurchaseLine,
  ZLeaveItem,
  type TCorrectiveItem,
  type TLeaveItem,
  type TDraftItem,
  type TMaintenanceItem,
  type TPurchaseLine,
} from '@amms/contracts/drafts';
import type { TPermission } from '@amms/contracts/permissions';
import type { Draft, Execution } from '@amms/db';
import { DraftsRepository } from '../drafts/drafts.repository.js';
import { draftScope } from '../platform/access/own-scope.js';
import type { OrgContext } from '../platform/access/context.js';
import { memberContext } from '../tenancy/member-context.js';
import { ExecutionsRepository } from './executions.repository.js';
import { may, roleMay } from '../platform/access/permission.js';
import { LEAVE_WRITE_PERMISSION } from '../platform/access/leave-access.js';

export type AnyItem = TDraftItem | TMaintenanceItem | TCorrectiveItem | TPurchaseLine | TLeaveItem;
const ZItems = z.array(ZDraftItem);
const ZWorkOrderItems = z.array(z.union([ZMaintenanceItem, ZCorrectiveItem]));
const ZPurchaseLines = z.array(ZPurchaseLine);
const ZLeaveItems = z.array(ZLeaveItem);

/** A draft version's items, read by the draft's kind (work orders for MAINTENANCE, purchase lines for PURCHASE, assignments otherwise). */
export const parseItems = (kind: Draft['kind'] | undefined, items: unknown) =>
  kind === 'MAINTENANCE'
    ? ZWorkOrderItems.safeParse(items)
    : kind === 'PURCHASE'
      ? ZPurchaseLines.safeParse(items)
      : kind === 'LEAVE'
        ? ZLeaveItems.safeParse(items)
        : ZItems.safeParse(items);

/** What executing a draft of each kind writes with, besides draft.execute: assignments, work orders, purchases. */
export const EXECUTE_PERMISSION: Record<Draft['kind'], TPermission> = {
  SCHEDULE: 'job.schedule',
  MAINTENANCE: 'workorder.write',
  PURCHASE: 'inventory.write',
  LEAVE: LEAVE_WRITE_PERMISSION,
};

/**
 * The rights and the confirmation as they are NOW: the initiator is still an ACTIVE member
 * with draft.execute and job.schedule (workorder.write for a MAINTENANCE draft, inventory.write for a PURCHASE one) who can see
 * the draft; the confirmer is still an ACTIVE
 * member with draft.confirm; the draft still holds the confirmation of this version and hash.
 */
export async function recheckExecution(
  deps: { drafts: DraftsRepository; repo: ExecutionsRepository },
  exec: Execution,
  draft: Draft,
): Promise<{ refusal: string } | { ctx: OrgContext; items: AnyItem[] }> {
  const org = exec.organizationId;
  if (draft.status !== 'EXECUTING' || draft.confirmedVersion !== exec.version || !draft.confirmedHash) {
    return { refusal: `The draft no longer holds a confirmation of version ${exec.version}` };
  }
  const version = await deps.drafts.findVersion(undefined, org, draft.id, exec.version);
  if (!version || version.contentHash !== draft.confirmedHash)
    return { refusal: 'The confirmed content hash does not match the version' };
  const items = parseItems(draft.kind, version.items);
  if (!items.success) return { refusal: 'The draft version items are unreadable' };

  const initiator = exec.initiatorMembershipId ? await deps.repo.member(org, exec.initiatorMembershipId) : null;
  if (!initiator || initiator.status !== 'ACTIVE' || initiator.userId !== exec.initiatorUserId)
    return { refusal: 'The member who requested the execution is no longer an active member' };
  const ctx = memberContext(
    org,
    {
      kind: 'USER',
      userId: initiator.userId,
      sessionId: `execution:${exec.id}`,
      isPlatformAdmin: initiator.isPlatformAdmin,
    },
    initiator,
    `execution:${exec.id}`,
  );
  for (const p of ['draft.execute', EXECUTE_PERMISSION[draft.kind]] as const) {
    if (!may(ctx, p)) return { refusal: `The member who requested the execution no longer has ${p}` };
  }
  if (!(await deps.drafts.findById(undefined, org, draft.id, draftScope(ctx))))
    return { refusal: 'The draft is outside the requesting member’s data scope' };

  const confirmer = draft.confirmedByMembershipId ? await deps.repo.member(org, draft.confirmedByMembershipId) : null;
  if (!confirmer || confirmer.status !== 'ACTIVE')
    return { refusal: 'The member who confirmed the draft is no longer an active member' };
  if (!roleMay(confirmer.role, 'draft.confirm'))
    return { refusal: 'The member who confirmed the draft no longer has draft.confirm' };
  return { ctx, items: items.data };
}
