import type { TPermission, TRole } from '@amms/contracts/permissions';
import type { Dictionary } from '@/i18n/dictionaries';

export type SectionKey = keyof Dictionary['sections'];

export type NavSection = {
  key: SectionKey;
  /** path under /orgs/:orgId ('' = the dashboard itself) */
  segment: string;
  /** what the member needs to see the entry and open the page */
  permission: TPermission;
  group: 'main' | 'admin';
};

/** DESIGN.md §7: the operator dashboard's sections, in navigation order. */
export const NAV_SECTIONS: readonly NavSection[] = [
  { key: 'overview', segment: '', permission: 'org.read', group: 'main' },
  { key: 'assets', segment: 'assets', permission: 'asset.read', group: 'main' },
  { key: 'jobs', segment: 'jobs', permission: 'job.read', group: 'main' },
  { key: 'fields', segment: 'fields', permission: 'field.read', group: 'main' },
  { key: 'map', segment: 'map', permission: 'field.read', group: 'main' },
  { key: 'maintenance', segment: 'maintenance', permission: 'maintenance.read', group: 'main' },
  { key: 'knowledge', segment: 'knowledge', permission: 'knowledge.read', group: 'main' },
  { key: 'inventory', segment: 'inventory', permission: 'inventory.read', group: 'main' },
  { key: 'costs', segment: 'costs', permission: 'cost.read', group: 'main' },
  { key: 'analytics', segment: 'analytics', permission: 'analytics.read', group: 'main' },
  { key: 'agent', segment: 'agent', permission: 'agent.run', group: 'main' },
  { key: 'drafts', segment: 'drafts', permission: 'draft.read', group: 'main' },
  { key: 'audit', segment: 'audit', permission: 'audit.read', group: 'main' },
  { key: 'members', segment: 'members', permission: 'member.manage', group: 'admin' },
  { key: 'teams', segment: 'teams', permission: 'team.manage', group: 'admin' },
  { key: 'apiKeys', segment: 'api-keys', permission: 'apikey.manage', group: 'admin' },
  { key: 'webhooks', segment: 'webhooks', permission: 'webhook.manage', group: 'admin' },
  { key: 'telematics', segment: 'telematics', permission: 'telematics.manage', group: 'admin' },
];

export function sectionByKey(key: SectionKey): NavSection {
  const section = NAV_SECTIONS.find((s) => s.key === key);
  if (!section) throw new Error(`unknown section ${key}`);
  return section;
}

/** The props of a section's client component: the org, its time zone, my permissions there. */
export type SectionProps = { orgId: string; timeZone: string; permissions: TPermission[] };
/** …and who I am, where a page tells my own requests from the ones I may decide (no one approves their own). */
export type DeciderProps = Pick<SectionProps, 'orgId' | 'permissions'> & { myUserId: string };

export function orgPath(orgId: string, segment = ''): string {
  return segment ? `/orgs/${orgId}/${segment}` : `/orgs/${orgId}`;
}

/** Roles whose work is in the field: they land in the field app, not on the dashboard. */
const FIELD_ROLES: ReadonlySet<TRole> = new Set<TRole>(['OPERATOR', 'MECHANIC']);

/** Where `/` (after login without a `next`) takes a member: operators and mechanics to /field, the rest to the org's dashboard. */
export function landingPath(m: { role: TRole; organization: { id: string } }): string {
  return FIELD_ROLES.has(m.role)
    ? `/field?${new URLSearchParams({ org: m.organization.id }).toString()}`
    : orgPath(m.organization.id);
}

export function visibleSections(permissions: readonly TPermission[]): NavSection[] {
  return NAV_SECTIONS.filter((s) => permissions.includes(s.permission));
}
