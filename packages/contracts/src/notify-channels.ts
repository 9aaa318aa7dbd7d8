import { z } from 'zod';

/**
 * Notifications that reach people outside the app (issue #31): Web Push, e-mail and group bots.
 * A member chooses per event and channel, with quiet hours; an admin configures the group bots.
 */
export const NOTIFY_EVENTS = [
  'DRAFT_AWAITING_CONFIRMATION',
  'COST_AWAITING_APPROVAL',
  'WORK_ORDER_ASSIGNED',
  'JOB_STARTS_TOMORROW',
  'MACHINE_DOWN',
  'EXECUTION_FAILED',
  'STOCK_LOW',
  'FAULT_RAISED',
  'DAILY_DIGEST',
] as const;
export const ZNotifyEvent = z.enum(NOTIFY_EVENTS);
export type TNotifyEvent = z.infer<typeof ZNotifyEvent>;

/** The channels a member chooses for themselves. */
export const MEMBER_CHANNELS = ['PUSH', 'EMAIL'] as const;
export const ZMemberChannel = z.enum(MEMBER_CHANNELS);
export type TMemberChannel = z.infer<typeof ZMemberChannel>;

/** Group bots an admin configures for the org or a team. */
export const BOT_KINDS = ['WECOM', 'DINGTALK', 'FEISHU'] as const;
export const ZBotKind = z.enum(BOT_KINDS);
export type TBotKind = z.infer<typeof ZBotKind>;

export const DELIVERY_CHANNELS = [...MEMBER_CHANNELS, ...BOT_KINDS] as const;
export type TDeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

const ZClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM, 00:00–23:59');

export const ZNotificationPreferences = z.object({
  /** every event with the channels it reaches this member on (defaults filled in) */
  channels: z.record(ZNotifyEvent, z.array(ZMemberChannel)),
  quietStart: z.string().nullable(),
  quietEnd: z.string().nullable(),
  /** the zone quiet hours are read in: the member's, else the org's */
  timeZone: z.string(),
  /** true while nothing was saved: the defaults by role */
  isDefault: z.boolean(),
  /** how many browsers/devices of this member receive push */
  pushDevices: z.number().int(),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

export const ZUpdateNotificationPreferences = z
  .strictObject({
    channels: z.partialRecord(ZNotifyEvent, z.array(ZMemberChannel).max(MEMBER_CHANNELS.length)).optional(),
    quietStart: ZClock.nullable().optional(),
    quietEnd: ZClock.nullable().optional(),
    timeZone: z.string().min(1).max(64).nullable().optional(),
  })
  .refine((b) => (b.quietStart === undefined) === (b.quietEnd === undefined), {
    message: 'quietStart and quietEnd go together',
    path: ['quietEnd'],
  })
  .refine((b) => (b.quietStart === null) === (b.quietEnd === null) || b.quietStart === undefined, {
    message: 'quietStart and quietEnd are both set or both null',
    path: ['quietEnd'],
  });
export type TUpdateNotificationPreferences = z.infer<typeof ZUpdateNotificationPreferences>;

/** The browser's PushSubscription.toJSON(). */
export const ZCreatePushSubscription = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.strictObject({
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/)
      .min(80)
      .max(100),
    auth: z
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/)
      .min(16)
      .max(32),
  }),
  expirationTime: z.number().nullable().optional(),
});
export type TCreatePushSubscription = z.infer<typeof ZCreatePushSubscription>;

export const ZPushSubscription = z.object({ id: z.uuid(), endpointHost: z.string(), createdAt: z.string() });
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

export const ZDeletePushSubscription = z.strictObject({ endpoint: z.url().max(2000) });
export type TDeletePushSubscription = z.infer<typeof ZDeletePushSubscription>;

export const ZPushKey = z.object({ publicKey: z.string() });
export type TPushKey = z.infer<typeof ZPushKey>;

/** http(s), no credentials in the URL; the host is checked against the SSRF rule at create and at every send. */
const ZBotUrl = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .refine((u) => !/^https?:\/\/[^/?#]*@/i.test(u), 'must not contain credentials');

export const ZNotificationChannel = z.object({
  id: z.uuid(),
  kind: ZBotKind,
  name: z.string(),
  teamId: z.uuid().nullable(),
  /** the URL with its token cut (`https://oapi.dingtalk.com/robot/send?access_token=ab12…`) */
  urlHint: z.string(),
  signed: z.boolean(),
  events: z.array(ZNotifyEvent),
  enabled: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TNotificationChannel = z.infer<typeof ZNotificationChannel>;

export const ZListNotificationChannels = z.object({ items: z.array(ZNotificationChannel) });
export type TListNotificationChannels = z.infer<typeof ZListNotificationChannels>;

export const ZCreateNotificationChannel = z.strictObject({
  kind: ZBotKind,
  name: z.string().trim().min(1).max(100),
  teamId: z.uuid().nullable().default(null),
  url: ZBotUrl,
  secret: z.string().trim().min(1).max(200).nullable().default(null),
  events: z.array(ZNotifyEvent).min(1).max(NOTIFY_EVENTS.length),
  enabled: z.boolean().default(true),
});
export type TCreateNotificationChannel = z.input<typeof ZCreateNotificationChannel>;

export const ZUpdateNotificationChannel = z.strictObject({
  version: z.number().int().min(1),
  name: z.string().trim().min(1).max(100).optional(),
  teamId: z.uuid().nullable().optional(),
  url: ZBotUrl.optional(),
  secret: z.string().trim().min(1).max(200).nullable().optional(),
  events: z.array(ZNotifyEvent).min(1).max(NOTIFY_EVENTS.length).optional(),
  enabled: z.boolean().optional(),
});
export type TUpdateNotificationChannel = z.infer<typeof ZUpdateNotificationChannel>;

export const DELIVERY_STATUSES = ['PENDING', 'RETRYING', 'SENT', 'FAILED', 'SKIPPED'] as const;

export const ZNotificationDelivery = z.object({
  id: z.uuid(),
  event: ZNotifyEvent,
  channel: z.enum(DELIVERY_CHANNELS),
  recipientMembershipId: z.uuid().nullable(),
  channelId: z.uuid().nullable(),
  target: z.string(),
  title: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  statusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  notBefore: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TNotificationDelivery = z.infer<typeof ZNotificationDelivery>;

export const ZListNotificationDeliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().min(1).max(500).optional(),
  channel: z.enum(DELIVERY_CHANNELS).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
});
export type TListNotificationDeliveriesQuery = z.infer<typeof ZListNotificationDeliveriesQuery>;

export const ZListNotificationDeliveries = z.object({
  items: z.array(ZNotificationDelivery),
  nextCursor: z.string().nullable(),
});
export type TListNotificationDeliveries = z.infer<typeof ZListNotificationDeliveries>;

export const ZTestNotificationChannelResponse = z.object({ deliveryId: z.uuid() });
