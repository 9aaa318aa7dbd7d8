import { z } from 'zod';
import { ZPermission } from './permissions.js';

export const ZApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  /** the non-secret start of the key, to recognise it in lists */
  prefix: z.string(),
  scopes: z.array(ZPermission),
  createdById: z.uuid().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZListApiKeysResponse = z.object({ items: z.array(ZApiKey), nextCursor: z.string().nullable() });

export const ZCreateApiKeyRequest = z.strictObject({
  name: z.string().trim().min(1).max(80),
  scopes: z.array(ZPermission).min(1).max(64),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
export type TCreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequest>;

export const ZCreateApiKeyResponse = z.object({
  apiKey: ZApiKey,
  /** the full secret, shown once: it is stored only as a hash */
  key: z.string(),
});
export type TCreateApiKeyResponse = z.infer<typeof ZCreateApiKeyResponse>;
