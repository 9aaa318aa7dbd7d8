import type { TMyMembership } from '@amms/contracts/auth';

/** What a field-app page hands to its client component (from the server's /me). */
export type FieldOrgProps = {
  orgId: string;
  orgName: string;
  timeZone: string;
  membershipId: string;
  role: TMyMembership['role'];
  permissions: TMyMembership['permissions'];
};
