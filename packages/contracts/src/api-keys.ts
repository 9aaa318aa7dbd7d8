import { z } from 'zod';
import { ZDataScope, ZPermission } from './permissions.js';

export const ZApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  /** the non-secret start of the key, to recognise it in lists */
  prefix: z.string(),
  scopes: z.array(ZPermission),
  /** the data the key sees (never more than its creator: see ZCreateApiKeyRequest) */
  dataScope: ZDataScope,
  teamIds: z.array(z.uuid()),
  createdById: z.uuid().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZListApiKeysResponse = z.object({ items: z.array(ZApiKey), nextCursor: z.string().nullable() });

/**
 * A key acts for the member who creates it: its scopes, data scope and teams are at most the
 * creator's (422 SCOPE_NOT_GRANTABLE otherwise); `dataScope` / `teamIds` default to the
 * creator's own. On each request the key is narrowed again to its creator's current role,
 * scope and teams, and it counts as its creator in four-eyes rules (no self-approval).
 */
export const ZCreateApiKeyRequest = z.strictObject({
  name: z.string().trim().min(1).max(80),
  scopes: z.array(ZPermission).min(1).max(64),
  dataScope: ZDataScope.optional(),
  teamIds: z.array(z.uuid()).max(50).optional(),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
export type TCreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequest>;

export const ZCreateApiKeyResponse = z.object({
  apiKey: ZApiKey,
  /** the full secret, shown once: it is stored only as a hash */
  key: z.string(),
});
export type TCreateApiKeyResponse = z.infer<typeof ZCreateApiKeyResponse>;
