import { z } from 'zod';

/** Every event an endpoint can subscribe to (written in the transaction of the change). */
export const WEBHOOK_EVENT_TYPES = [
  'job.created',
  'job.scheduled',
  'job.started',
  'job.completed',
  'job.cancelled',
  'work_order.created',
  'work_order.assigned',
  'work_order.submitted',
  'work_order.accepted',
  'cost_document.submitted',
  'cost_document.approved',
  'cost_document.rejected',
  'asset.created',
  'asset.status_changed',
  // a machine's terminal reported a fault code that was not active (telematics)
  'asset.fault_raised',
  'draft.confirmed',
  'execution.finished',
  'document.ready',
  // inventory (issue #29): a movement took a part's available under its reorder point (data: the part);
  // a PURCHASE draft was written (by the agent, asked or weekly) / confirmed (data: the draft)
  'stock.low',
  'purchase.drafted',
  'purchase.confirmed',
] as const;
export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type TWebhookEventType = z.infer<typeof ZWebhookEventType>;

/** The resource an event is about; its `data` is that resource as the API's GET returns it. */
export const WEBHOOK_RESOURCE_TYPES = [
  'job',
  'work_order',
  'cost_document',
  'asset',
  'draft',
  'execution',
  'document',
  'part',
] as const;
export type TWebhookResourceType = (typeof WEBHOOK_RESOURCE_TYPES)[number];

/** events whose resource is not named by their prefix */
const RESOURCE_OF: Partial<Record<TWebhookEventType, TWebhookResourceType>> = {
  'stock.low': 'part',
  'purchase.drafted': 'draft',
  'purchase.confirmed': 'draft',
};

export const resourceTypeOf = (type: TWebhookEventType): TWebhookResourceType =>
  RESOURCE_OF[type] ?? (type.slice(0, type.indexOf('.')) as TWebhookResourceType);

/** http(s) only, no credentials in the URL; the target's addresses are checked again at every send. */
const ZWebhookUrl = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .refine((u) => !/^https?:\/\/[^/?#]*@/i.test(u), 'must not contain credentials');

export const ZWebhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string().nullable(),
  eventTypes: z.array(ZWebhookEventType),
  enabled: z.boolean(),
  /** FAILING: the platform disabled it after failing for days (re-enable with PATCH enabled=true) */
  disabledReason: z.string().nullable(),
  /** the start of the current secret, to recognise it (`whsec_ab12…`) */
  secretHint: z.string(),
  /** the previous secret still signs until then (rotation overlap) */
  previousSecretExpiresAt: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdByMembershipId: z.uuid(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZListWebhooksResponse = z.object({ items: z.array(ZWebhookEndpoint), nextCursor: z.string().nullable() });
export type TListWebhooksResponse = z.infer<typeof ZListWebhooksResponse>;

export const ZCreateWebhookRequest = z.strictObject({
  url: ZWebhookUrl,
  eventTypes: z.array(ZWebhookEventType).min(1).max(WEBHOOK_EVENT_TYPES.length),
  description: z.string().trim().max(500).optional(),
  enabled: z.boolean().default(true),
});
export type TCreateWebhookRequest = z.infer<typeof ZCreateWebhookRequest>;

export const ZUpdateWebhookRequest = z.strictObject({
  version: z.number().int().min(1),
  url: ZWebhookUrl.optional(),
  eventTypes: z.array(ZWebhookEventType).min(1).max(WEBHOOK_EVENT_TYPES.length).optional(),
  description: z.string().trim().max(500).nullable().optional(),
  enabled: z.boolean().optional(),
});
export type TUpdateWebhookRequest = z.infer<typeof ZUpdateWebhookRequest>;

/** Answered by create and rotate: the signing secret, shown this once. */
export const ZWebhookSecretResponse = z.object({
  endpoint: ZWebhookEndpoint,
  /** `whsec_<base64>` (Standard Webhooks): verify `webhook-signature` with it */
  secret: z.string(),
});
export type TWebhookSecretResponse = z.infer<typeof ZWebhookSecretResponse>;

export const ZRotateWebhookSecretRequest = z.strictObject({
  /** how long the old secret keeps signing next to the new one (both signatures are sent); default 24 h, 0 = stop now */
  overlapSeconds: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(24 * 3600),
});
export type TRotateWebhookSecretRequest = z.infer<typeof ZRotateWebhookSecretRequest>;

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'RETRYING', 'SUCCEEDED', 'FAILED', 'SKIPPED'] as const;
export const ZWebhookDeliveryStatus = z.enum(WEBHOOK_DELIVERY_STATUSES);

export const ZWebhookAttempt = z.object({
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  at: z.string(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

export const ZWebhookDelivery = z.object({
  id: z.uuid(),
  endpointId: z.uuid(),
  eventId: z.uuid(),
  eventType: ZWebhookEventType,
  resourceType: z.string(),
  resourceId: z.uuid(),
  occurredAt: z.string(),
  status: ZWebhookDeliveryStatus,
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  /** why it was skipped or failed for good (CREATOR_NO_ACCESS, RESOURCE_NOT_VISIBLE, ENDPOINT_DISABLED, MAX_ATTEMPTS) */
  reason: z.string().nullable(),
  redeliveryOfId: z.uuid().nullable(),
  createdAt: z.string(),
  /** newest first */
  log: z.array(ZWebhookAttempt),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZListWebhookDeliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(500).optional(),
  status: ZWebhookDeliveryStatus.optional(),
});
export type TListWebhookDeliveriesQuery = z.infer<typeof ZListWebhookDeliveriesQuery>;

export const ZListWebhookDeliveriesResponse = z.object({
  items: z.array(ZWebhookDelivery),
  nextCursor: z.string().nullable(),
});
export type TListWebhookDeliveriesResponse = z.infer<typeof ZListWebhookDeliveriesResponse>;

/** The JSON body POSTed to an endpoint. */
export const ZWebhookPayload = z.object({
  /** the event id (also `webhook-id`); the same on retries and redeliveries */
  id: z.uuid(),
  type: ZWebhookEventType,
  /** when the change committed (ISO) */
  timestamp: z.string(),
  /** the resource as GET returns it for the endpoint's creator, at delivery time */
  data: z.unknown(),
});
export type TWebhookPayload = z.infer<typeof ZWebhookPayload>;
