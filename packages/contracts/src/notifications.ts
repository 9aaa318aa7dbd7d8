import { z } from 'zod';

/** Why a member was told: the relation that makes the event theirs. */
export const NOTIFICATION_REASONS = [
  'ASSIGNEE',
  'ACCEPTOR',
  'APPROVER',
  'CREATOR',
  'REPORTER',
  'OPERATOR',
  'DISPATCHER',
  // a mechanic who may see the machine (its team's): a fault code to diagnose
  'MECHANIC',
  // a member who keeps the stores (inventory.write): a part ran low, the agent drafted a purchase
  'STORE_KEEPER',
] as const;
export const ZNotificationReason = z.enum(NOTIFICATION_REASONS);
export type TNotificationReason = z.infer<typeof ZNotificationReason>;

/** Event types that notify someone (a subset of the domain events, plus work_order.assigned). */
export const NOTIFICATION_TYPES = [
  'work_order.assigned',
  'work_order.submitted',
  'work_order.accepted',
  'cost_document.submitted',
  'cost_document.approved',
  'cost_document.rejected',
  'asset.status_changed',
  'asset.fault_raised',
  // inventory (#29): told to the store keepers other than who caused it
  'stock.low',
  'purchase.drafted',
] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

export const ZNotification = z.object({
  id: z.uuid(),
  type: ZNotificationType,
  reason: ZNotificationReason,
  resourceType: z.enum(['work_order', 'cost_document', 'asset', 'part', 'draft']),
  resourceId: z.uuid(),
  /** a short label of the row (WO-000012 title, the document number, the machine name, the part, the draft's title) */
  title: z.string().nullable(),
  /** asset.status_changed for a dispatcher / operator: the jobs of theirs the machine's downtime affects */
  jobIds: z.array(z.uuid()),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZListNotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(500).optional(),
  unread: z.enum(['true', 'false']).optional(),
});
export type TListNotificationsQuery = z.infer<typeof ZListNotificationsQuery>;

export const ZListNotificationsResponse = z.object({
  items: z.array(ZNotification),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type TListNotificationsResponse = z.infer<typeof ZListNotificationsResponse>;

export const ZReadAllNotificationsResponse = z.object({ updated: z.number().int(), unreadCount: z.number().int() });
export type TReadAllNotificationsResponse = z.infer<typeof ZReadAllNotificationsResponse>;
