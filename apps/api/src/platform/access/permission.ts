import { ROLES, roleHas, type TPermission, type TRole } from '@amms/contracts/permissions';
import type { OrgContext } from './context.js';

/**
 * Every permission decision a service makes goes through these functions, so one search finds
 * them all (routes declare theirs with `@RequirePermission`, which the guard checks with
 * `grants` and `may`). `may*` ask about the caller (its role's permissions, or an API key's scopes narrowed
 * to its creator's role); `roleMay*` ask about another member, read from the database (an
 * operator to assign, a webhook's creator, the member who confirmed an execution).
 */
type Holder = Pick<OrgContext, 'permissions'>;

export function may(ctx: Holder, permission: TPermission): boolean {
  return ctx.permissions.has(permission);
}

/** Holds at least one of `permissions`. */
export function mayAny(ctx: Holder, ...permissions: TPermission[]): boolean {
  return permissions.some((p) => ctx.permissions.has(p));
}

/** The ones of `permissions` the caller lacks, in their order (empty: it holds them all). */
export function missingPermissions(ctx: Holder, permissions: readonly TPermission[]): TPermission[] {
  return permissions.filter((p) => !ctx.permissions.has(p));
}

export function roleMay(role: TRole, permission: TPermission): boolean {
  return roleHas(role, permission);
}

/** The roles holding `permission`, in the table's order. */
export function rolesThatMay(permission: TPermission): TRole[] {
  return ROLES.filter((r) => roleHas(r, permission));
}
