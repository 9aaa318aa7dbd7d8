import type { TPermission } from '@amms/contracts/permissions';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { getI18n } from '@/i18n/server';
import type { SectionKey } from '@/lib/nav';
import { can, type OrgContext } from '@/lib/server/auth';

/**
 * Server frame of a jobs / maintenance / costs page: the section heading, then the page's
 * content, or the no-access notice when the member's role lacks `permission`
 * (the API would refuse the data anyway).
 */
export async function SectionShell({ ctx, section, permission, children }: { ctx: OrgContext; section: SectionKey; permission: TPermission; children: ReactNode }) {
  const { t } = await getI18n();
  return (
    <>
      <PageHeader title={t.sections[section].title} subtitle={ctx.membership.organization.name} />
      {can(ctx.membership, permission) ? (
        children
      ) : (
        <EmptyState title={t.noAccess.title}>
          <p>{t.noAccess.body}</p>
        </EmptyState>
      )}
    </>
  );
}

/** What every client page of these sections needs from the server context. */
export function pageProps(ctx: OrgContext) {
  return {
    timeZone: ctx.membership.organization.timezone,
    permissions: [...ctx.membership.permissions],
    myUserId: ctx.me.user.id,
    myMembershipId: ctx.membership.membershipId,
  };
}
