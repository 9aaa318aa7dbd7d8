import { z } from 'zod';
import { ZSort } from './common.js';
import { ZRole } from './permissions.js';

/**
 * Who acted, in words: the person's name and their role in this org (null when they are no longer a
 * member), or the API key's name (a key acts for its creator: `name` is then the creator's).
 */
export const ZAuditActor = z.object({
  name: z.string().nullable(),
  role: ZRole.nullable(),
  apiKeyName: z.string().nullable(),
});
export type TAuditActor = z.infer<typeof ZAuditActor>;

export const ZAuditEvent = z.object({
  id: z.uuid(),
  seq: z.number().int(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  actorType: z.enum(['USER', 'API_KEY', 'SYSTEM', 'ANONYMOUS']),
  actorUserId: z.uuid().nullable(),
  actorApiKeyId: z.uuid().nullable(),
  actor: ZAuditActor,
  requestId: z.string().nullable(),
  data: z.unknown(),
  hash: z.string(),
  prevHash: z.string().nullable(),
  createdAt: z.string(),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

/** `sort` of GET /audit-events: `seq` = the chain order (the default), `-createdAt` = newest first (ties by seq). */
export const AUDIT_EVENT_SORTS = ['seq', '-createdAt'] as const;
export type TAuditEventSort = (typeof AUDIT_EVENT_SORTS)[number];

export const ZListAuditEventsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().min(1).max(500).optional(),
  sort: ZSort(AUDIT_EVENT_SORTS, 'seq (the chain order)').optional(),
  entityType: z.string().min(1).max(60).optional(),
  /** every entity id is a UUID: anything else is a 400 (not a 500 from the lookup) */
  entityId: z.uuid().optional(),
  action: z.string().min(1).max(100).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type TListAuditEventsQuery = z.infer<typeof ZListAuditEventsQuery>;

export const ZListAuditEventsResponse = z.object({ items: z.array(ZAuditEvent), nextCursor: z.string().nullable() });

export const ZAuditVerifyResponse = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  /** the first event whose stored hash or link does not match, if any */
  firstBroken: z
    .object({ seq: z.number().int(), id: z.uuid(), reason: z.enum(['HASH_MISMATCH', 'LINK_MISMATCH', 'SEQ_GAP']) })
    .nullable(),
});
export type TAuditVerifyResponse = z.infer<typeof ZAuditVerifyResponse>;
