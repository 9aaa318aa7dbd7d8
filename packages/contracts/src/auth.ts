import { z } from 'zod';
import { ZDataScope, ZMembershipStatus, ZPermission, ZRole } from './permissions.js';

export const ZLoginRequest = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(200),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZRefreshRequest = z.object({ refreshToken: z.string().min(20).max(500) });
export type TRefreshRequest = z.infer<typeof ZRefreshRequest>;

export const ZLogoutRequest = z.object({ refreshToken: z.string().min(20).max(500).optional() });
export type TLogoutRequest = z.infer<typeof ZLogoutRequest>;

export const ZUser = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  locale: z.string(),
  isPlatformAdmin: z.boolean(),
});
export type TUser = z.infer<typeof ZUser>;

/** One of my memberships, as the org switcher shows it. */
export const ZMyMembership = z.object({
  membershipId: z.uuid(),
  organization: z.object({ id: z.uuid(), slug: z.string(), name: z.string(), timezone: z.string() }),
  role: ZRole,
  dataScope: ZDataScope,
  status: ZMembershipStatus,
  permissions: z.array(ZPermission),
});
export type TMyMembership = z.infer<typeof ZMyMembership>;

export const ZTokenPair = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** seconds until the access token expires */
  expiresIn: z.number().int(),
});
export type TTokenPair = z.infer<typeof ZTokenPair>;

export const ZLoginResponse = ZTokenPair.extend({
  user: ZUser,
  memberships: z.array(ZMyMembership),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZMeResponse = z.object({ user: ZUser, memberships: z.array(ZMyMembership) });
export type TMeResponse = z.infer<typeof ZMeResponse>;

export const ZOrgsResponse = z.object({ items: z.array(ZMyMembership) });
export type TOrgsResponse = z.infer<typeof ZOrgsResponse>;
