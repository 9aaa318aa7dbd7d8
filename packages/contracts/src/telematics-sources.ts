import { z } from 'zod';

/** How often a source may be polled: a maker's endpoint caches (John Deere: hourly), 5 min is the floor. */
export const TELEMATICS_POLL_MIN_MINUTES = 5;
export const TELEMATICS_POLL_MAX_MINUTES = 1440;
export const TELEMATICS_POLL_DEFAULT_MINUTES = 15;

export const TELEMATICS_AUTH_KINDS = ['BASIC', 'OAUTH2'] as const;
export const ZTelematicsAuthKind = z.enum(TELEMATICS_AUTH_KINDS);

export const TELEMATICS_SOURCE_STATUSES = ['NEW', 'OK', 'FAILING'] as const;
export const ZTelematicsSourceStatus = z.enum(TELEMATICS_SOURCE_STATUSES);

const ZHttpUrl = z
  .url({ protocol: /^https?$/ })
  .max(500)
  .refine((u) => !/^https?:\/\/[^/?#]*@/i.test(u), 'no credentials in the URL');

/**
 * A maker's ISO 15143-3 (AEMP 2.0) endpoint. `baseUrl` is where `/Fleet/{page}` lives. BASIC: a
 * user name and password; OAUTH2: a client id and secret for the client-credentials grant at
 * `tokenUrl`. The secret is write-only: it is stored sealed and never answered.
 */
export const ZCreateTelematicsSourceRequest = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    baseUrl: ZHttpUrl,
    authKind: ZTelematicsAuthKind,
    username: z.string().trim().min(1).max(200),
    secret: z.string().min(1).max(2000),
    tokenUrl: ZHttpUrl.optional(),
    pollEveryMinutes: z
      .number()
      .int()
      .min(TELEMATICS_POLL_MIN_MINUTES)
      .max(TELEMATICS_POLL_MAX_MINUTES)
      .default(TELEMATICS_POLL_DEFAULT_MINUTES),
    enabled: z.boolean().default(true),
  })
  .refine((s) => (s.authKind === 'OAUTH2') === (s.tokenUrl !== undefined), {
    message: 'tokenUrl is required with OAUTH2 and only with it',
    path: ['tokenUrl'],
  });
export type TCreateTelematicsSourceRequest = z.infer<typeof ZCreateTelematicsSourceRequest>;

/** A change; `secret` rotates the stored secret. `version` is the row's version the caller saw (409 when stale). */
export const ZUpdateTelematicsSourceRequest = z.strictObject({
  version: z.number().int().min(1),
  name: z.string().trim().min(1).max(100).optional(),
  baseUrl: ZHttpUrl.optional(),
  username: z.string().trim().min(1).max(200).optional(),
  secret: z.string().min(1).max(2000).optional(),
  tokenUrl: ZHttpUrl.optional(),
  pollEveryMinutes: z.number().int().min(TELEMATICS_POLL_MIN_MINUTES).max(TELEMATICS_POLL_MAX_MINUTES).optional(),
  enabled: z.boolean().optional(),
});
export type TUpdateTelematicsSourceRequest = z.infer<typeof ZUpdateTelematicsSourceRequest>;

export const ZTelematicsSource = z.object({
  id: z.uuid(),
  name: z.string(),
  baseUrl: z.string(),
  authKind: ZTelematicsAuthKind,
  username: z.string(),
  tokenUrl: z.string().nullable(),
  /** a secret is stored (it is never answered) */
  hasSecret: z.boolean(),
  pollEveryMinutes: z.number().int(),
  enabled: z.boolean(),
  status: ZTelematicsSourceStatus,
  consecutiveFailures: z.number().int(),
  lastPolledAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  linkedUnits: z.number().int(),
  unmatchedUnits: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type TTelematicsSource = z.infer<typeof ZTelematicsSource>;
export const ZListTelematicsSourcesResponse = z.object({ items: z.array(ZTelematicsSource) });

/** What one poll cycle did. */
export const ZTelematicsPollResult = z.object({
  sourceId: z.uuid(),
  ok: z.boolean(),
  pages: z.number().int(),
  requests: z.number().int(),
  units: z.number().int(),
  linked: z.number().int(),
  unmatched: z.number().int(),
  accepted: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  flagged: z.number().int(),
  error: z.string().nullable(),
});
export type TTelematicsPollResult = z.infer<typeof ZTelematicsPollResult>;

export const ZTelematicsUnit = z.object({
  id: z.uuid(),
  sourceId: z.uuid(),
  sourceName: z.string(),
  equipmentKey: z.string(),
  oemName: z.string().nullable(),
  model: z.string().nullable(),
  serialNumber: z.string().nullable(),
  pin: z.string().nullable(),
  /** NO_MATCH: no machine has its serial number / PIN; AMBIGUOUS: two do */
  reason: z.enum(['NO_MATCH', 'AMBIGUOUS']).nullable(),
  assetId: z.uuid().nullable(),
  ignored: z.boolean(),
  lastSeenAt: z.string(),
});
export type TTelematicsUnit = z.infer<typeof ZTelematicsUnit>;
export const ZListTelematicsUnitsResponse = z.object({ items: z.array(ZTelematicsUnit) });

/** Link an unmatched unit to a machine, or ignore it (`assetId: null, ignore: true`). */
export const ZLinkTelematicsUnitRequest = z.union([
  z.strictObject({ assetId: z.uuid() }),
  z.strictObject({ ignore: z.literal(true) }),
]);
export type TLinkTelematicsUnitRequest = z.infer<typeof ZLinkTelematicsUnitRequest>;
