import { z } from 'zod';
import { ZPageQuery, ZSort } from './common.js';
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
  ...ZPageQuery.shape,
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

/** Licences and skills planning checks against a machine model's `requiredQualifications`. */
export const QUALIFICATION_CODES = [
  'COMBINE',
  'SELF_PROPELLED_SPRAYER',
  'DRONE_PILOT',
  'PESTICIDE_APPLICATOR',
  'TRACTOR',
  'FORAGE_HARVESTER',
] as const;
export const ZQualificationCode = z.enum(QUALIFICATION_CODES);
export const ZQualification = z.strictObject({
  code: ZQualificationCode,
  /** YYYY-MM-DD, the last day it is valid; null: does not expire */
  expiresOn: z.iso.date().nullable().default(null),
});
export type TQualification = z.infer<typeof ZQualification>;

/** How planning sees a member: runs machines?, their own day limit, licences. */
export const ZMemberPlanning = z.object({
  membershipId: z.uuid(),
  /** what planning uses: the flag, else the role (OPERATOR runs machines) */
  operatesMachines: z.boolean(),
  /** the stored flag; null = by role */
  operatesMachinesSetting: z.boolean().nullable(),
  maxDailyHours: z.number().nullable(),
  qualifications: z.array(ZQualification),
  version: z.number().int(),
});
export type TMemberPlanning = z.infer<typeof ZMemberPlanning>;

export const ZUpdateMemberPlanningRequest = z
  .strictObject({
    operatesMachines: z.boolean().nullable().optional(),
    maxDailyHours: z.number().gt(0).max(24).multipleOf(0.5).nullable().optional(),
    /** replaces the member's whole list */
    qualifications: z
      .array(ZQualification)
      .max(20)
      .refine((qs) => new Set(qs.map((q) => q.code)).size === qs.length, { message: 'a code appears twice' })
      .optional(),
    version: z.number().int().min(1).optional(),
  })
  .refine((v) => v.operatesMachines !== undefined || v.maxDailyHours !== undefined || v.qualifications, {
    message: 'nothing to change',
  });
export type TUpdateMemberPlanningRequest = z.infer<typeof ZUpdateMemberPlanningRequest>;

export const ZLeave = z.object({
  id: z.uuid(),
  membershipId: z.uuid(),
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type TLeave = z.infer<typeof ZLeave>;

export const ZCreateLeaveRequest = z
  .strictObject({
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    reason: z.string().trim().min(1).max(200).optional(),
  })
  .refine((v) => Date.parse(v.endsAt) > Date.parse(v.startsAt), {
    message: 'endsAt must be after startsAt',
    path: ['endsAt'],
  })
  .refine((v) => Date.parse(v.endsAt) - Date.parse(v.startsAt) <= 366 * 86_400_000, {
    message: 'a leave is at most a year',
    path: ['endsAt'],
  });
export type TCreateLeaveRequest = z.infer<typeof ZCreateLeaveRequest>;

/** What a new leave touches: the member's live bookings inside it and the open drafts that give them work then. */
export const ZLeaveAffected = z.object({
  bookings: z.array(z.object({ assignmentId: z.uuid(), jobId: z.uuid(), startsAt: z.string(), endsAt: z.string() })),
  drafts: z.array(z.object({ draftId: z.uuid(), version: z.number().int(), jobIds: z.array(z.uuid()) })),
});
export const ZCreateLeaveResponse = z.object({ leave: ZLeave, affected: ZLeaveAffected });
export type TCreateLeaveResponse = z.infer<typeof ZCreateLeaveResponse>;

export const ZListLeaveQuery = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type TListLeaveQuery = z.infer<typeof ZListLeaveQuery>;
export const ZListLeaveResponse = z.object({ items: z.array(ZLeave) });
