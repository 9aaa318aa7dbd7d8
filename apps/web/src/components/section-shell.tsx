import type { TPermission } from '@amms/contracts/permissions';
import type { ReactNode } from 'react';
import { getI18n } from '@/i18n/server';
import { sectionByKey, type SectionKey } from '@/lib/nav';
import { can, type OrgContext } from '@/lib/server/auth';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/** The notice a member sees on a page their role does not open (the API would refuse the data anyway). */
export async function NoAccess() {
  const { t } = await getI18n();
  return (
    <EmptyState title={t.noAccess.title}>
      <p>{t.noAccess.body}</p>
    </EmptyState>
  );
}

/**
 * Server frame of a section page: the section heading, then the page's content, or the
 * no-access notice when the member lacks `permission` (by default the section's own from
 * lib/nav.ts); then no data is fetched.
 */
export async function SectionShell({
  ctx,
  section,
  permission,
  children,
}: {
  ctx: OrgContext;
  section: SectionKey;
  permission?: TPermission;
  children: ReactNode;
}) {
  const { t } = await getI18n();
  const allowed = can(ctx.membership, permission ?? sectionByKey(section).permission);
  return (
    <>
      <PageHeader title={t.sections[section].title} subtitle={ctx.membership.organization.name} />
      {allowed ? children : <NoAccess />}
    </>
  );
}

/** The page title of a section (generateMetadata). */
export async function sectionTitle(section: SectionKey): Promise<{ title: string }> {
  const { t } = await getI18n();
  return { title: t.sections[section].title };
}

/** What every client page of the sections needs from the server context. */
export function pageProps(ctx: OrgContext) {
  return {
    timeZone: ctx.membership.organization.timezone,
    permissions: [...ctx.membership.permissions],
    myUserId: ctx.me.user.id,
    myMembershipId: ctx.membership.membershipId,
  };
}
