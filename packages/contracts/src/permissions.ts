import { z } from 'zod';

export const ROLES = ['OWNER', 'ADMIN', 'DISPATCHER', 'MECHANIC', 'OPERATOR', 'ACCOUNTANT', 'VIEWER'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const DATA_SCOPES = ['ORG', 'TEAM', 'ASSIGNED'] as const;
export const ZDataScope = z.enum(DATA_SCOPES);
export type TDataScope = z.infer<typeof ZDataScope>;

export const MEMBERSHIP_STATUSES = ['ACTIVE', 'SUSPENDED', 'REMOVED'] as const;
export const ZMembershipStatus = z.enum(MEMBERSHIP_STATUSES);
export type TMembershipStatus = z.infer<typeof ZMembershipStatus>;

/**
 * Every permission the API knows, as `${resource}.${action}`. Handlers declare
 * which one they need; a route that declares none (and is not @Public) is refused.
 */
export const PERMISSIONS = [
  'org.read',
  'member.read',
  'member.manage',
  'team.read',
  'team.manage',
  'apikey.manage',
  'audit.read',
  'catalog.read',
  'catalog.write',
  'asset.read',
  'asset.write',
  'meter.write',
  'meter.void',
  'field.read',
  'field.write',
  'job.read',
  'job.write',
  'job.schedule',
  'job.execute',
  'maintenance.read',
  'maintenance.plan',
  'workorder.write',
  'workorder.work',
  'workorder.accept',
  'cost.read',
  'cost.write',
  'cost.approve',
  'analytics.read',
  'agent.run',
  'draft.read',
  'draft.edit',
  'draft.confirm',
  'draft.execute',
  'knowledge.read',
  'knowledge.manage',
  'webhook.manage',
  'telematics.read',
  'telematics.write',
  // group bots and the delivery audit of notifications outside the app (issue #31)
  'notify.manage',
  'inventory.read',
  'inventory.write',
  'inventory.adjust',
  // telematics sources (AEMP endpoints, their secrets) and linking the units they report
  'telematics.manage',
] as const;
export const ZPermission = z.enum(PERMISSIONS);
export type TPermission = z.infer<typeof ZPermission>;

const READ_ALL: readonly TPermission[] = [
  'org.read',
  'member.read',
  'team.read',
  'catalog.read',
  'asset.read',
  'field.read',
  'job.read',
  'maintenance.read',
  'cost.read',
  'analytics.read',
  'draft.read',
  'knowledge.read',
  'telematics.read',
  'inventory.read',
];

/**
 * Role → permissions. The single source of truth: the API guard, the web (to hide
 * what a role cannot do) and the route snapshot test all read this table.
 */
export const ROLE_PERMISSIONS: Readonly<Record<TRole, readonly TPermission[]>> = {
  OWNER: PERMISSIONS,
  ADMIN: PERMISSIONS,
  DISPATCHER: [
    ...READ_ALL,
    'audit.read',
    'field.write',
    'job.write',
    'job.schedule',
    'job.execute',
    'meter.write',
    'meter.void',
    'workorder.write',
    'agent.run',
    'draft.edit',
    'draft.confirm',
    'draft.execute',
    // the store keeper's receipts, transfers and issues
    'inventory.write',
  ],
  MECHANIC: [
    'org.read',
    'team.read',
    'catalog.read',
    'asset.read',
    'field.read',
    'job.read',
    'maintenance.read',
    'meter.write',
    'workorder.write',
    'workorder.work',
    'knowledge.read',
    // positions and fault codes of the team's machines are what a mechanic diagnoses from
    'telematics.read',
    // a mechanic describes a fault to the agent (field app); the diagnosis is a draft a dispatcher confirms
    'agent.run',
    // their own drafts only (draftScope): the diagnosis the agent drafted for them, e.g. on a machine's fault code
    'draft.read',
    // what is in stock where (issuing to an order is workorder.write on that order)
    'inventory.read',
  ],
  OPERATOR: [
    'org.read',
    'team.read',
    'catalog.read',
    'asset.read',
    'field.read',
    'job.read',
    'job.execute',
    'meter.write',
    'workorder.write',
    'knowledge.read',
  ],
  ACCOUNTANT: [
    'org.read',
    'team.read',
    'catalog.read',
    'asset.read',
    'field.read',
    'maintenance.read',
    'cost.read',
    'cost.write',
    'cost.approve',
    'analytics.read',
    'knowledge.read',
    // stock value, counts and write-offs
    'inventory.read',
    'inventory.adjust',
  ],
  VIEWER: READ_ALL,
};

export function permissionsOf(role: TRole): ReadonlySet<TPermission> {
  return new Set(ROLE_PERMISSIONS[role]);
}

export function roleHas(role: TRole, permission: TPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Roles an actor may hand out: nobody grants a role above their own. */
export const ROLE_RANK: Readonly<Record<TRole, number>> = {
  OWNER: 100,
  ADMIN: 80,
  DISPATCHER: 40,
  MECHANIC: 30,
  OPERATOR: 30,
  ACCOUNTANT: 30,
  VIEWER: 10,
};

/** Default data scope for a role when none is given. */
export const DEFAULT_SCOPE: Readonly<Record<TRole, TDataScope>> = {
  OWNER: 'ORG',
  ADMIN: 'ORG',
  DISPATCHER: 'ORG',
  MECHANIC: 'TEAM',
  OPERATOR: 'ASSIGNED',
  ACCOUNTANT: 'ORG',
  VIEWER: 'ORG',
};
