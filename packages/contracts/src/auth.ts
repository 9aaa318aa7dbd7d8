import { z } from 'zod';
import { ZDataScope, ZMembershipStatus, ZPermission, ZRole } from './permissions.js';
import { PASSWORD_MAX_LENGTH } from './password-policy.js';

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
  /**
   * Set for a user created with a one-time password. Until they change it, every route but
   * /me, /me/password and /auth/logout answers 403 PASSWORD_CHANGE_REQUIRED.
   */
  mustChangePassword: z.boolean(),
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

/**
 * POST /me/password. Only the bounds here: the strength rules (password-policy.ts) answer
 * 422 PASSWORD_TOO_WEAK with the reasons, a wrong current password 400 CURRENT_PASSWORD_INCORRECT,
 * the same password again 422 PASSWORD_REUSED.
 */
export const ZChangePasswordRequest = z.strictObject({
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;
