import { z } from 'zod';
import { ZSort } from './common.js';
import { ZDataScope, ZMembershipStatus, ZRole } from './permissions.js';

/** A person named on a record (reporter, approver…): their name, and their role here while still a member. */
export const ZPersonRef = z.object({ name: z.string(), role: ZRole.nullable() });
export type TPersonRef = z.infer<typeof ZPersonRef>;

export const ZMember = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: ZRole,
  dataScope: ZDataScope,
  status: ZMembershipStatus,
  teamIds: z.array(z.uuid()),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMember = z.infer<typeof ZMember>;

/** `name` / `email` are the user's; `createdAt` is when the membership began. */
export const MEMBER_SORTS = ['name', '-name', 'email', '-email', 'createdAt', '-createdAt'] as const;
export type TMemberSort = (typeof MEMBER_SORTS)[number];

export const ZListMembersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().min(1).max(500).optional(),
  sort: ZSort(MEMBER_SORTS, 'id order').optional(),
  status: ZMembershipStatus.optional(),
  role: ZRole.optional(),
  q: z.string().trim().min(1).max(100).optional(),
});
export type TListMembersQuery = z.infer<typeof ZListMembersQuery>;

export const ZListMembersResponse = z.object({ items: z.array(ZMember), nextCursor: z.string().nullable() });

/**
 * Add a member: an existing user by email, or a new user (name required) who gets a
 * one-time password shown once in the response and must change it.
 */
export const ZAddMemberRequest = z.strictObject({
  email: z.email().max(254),
  name: z.string().trim().min(1).max(120).optional(),
  role: ZRole,
  dataScope: ZDataScope.optional(),
  teamIds: z.array(z.uuid()).max(50).default([]),
});
export type TAddMemberRequest = z.infer<typeof ZAddMemberRequest>;

export const ZAddMemberResponse = z.object({
  member: ZMember,
  /** present only when a new user was created; shown once */
  oneTimePassword: z.string().nullable(),
});
export type TAddMemberResponse = z.infer<typeof ZAddMemberResponse>;

/** POST /members/:id/password-reset (no body): a fresh one-time password, shown once. */
export const ZPasswordResetResponse = z.object({
  member: ZMember,
  oneTimePassword: z.string(),
});
export type TPasswordResetResponse = z.infer<typeof ZPasswordResetResponse>;

export const ZUpdateMemberRequest = z
  .strictObject({
    role: ZRole.optional(),
    dataScope: ZDataScope.optional(),
    teamIds: z.array(z.uuid()).max(50).optional(),
    status: z.enum(['ACTIVE', 'SUSPENDED']).optional(),
    /** optimistic concurrency: the version the client saw */
    version: z.number().int().min(1).optional(),
  })
  .refine((v) => v.role || v.dataScope || v.teamIds || v.status, { message: 'nothing to change' });
export type TUpdateMemberRequest = z.infer<typeof ZUpdateMemberRequest>;
