import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { getI18n } from '@/i18n/server';
import { sectionByKey } from '@/lib/nav';
import { can, type OrgContext } from '@/lib/server/auth';

/**
 * Server side of an admin page: heading, then the page's client component only if the
 * member holds the section's permission (lib/nav.ts); otherwise the no-access notice,
 * and no data is fetched (the API would refuse it anyway).
 */
export async function AdminSection({ ctx, section, children }: { ctx: OrgContext; section: 'members' | 'teams' | 'apiKeys' | 'webhooks'; children: ReactNode }) {
  const { t } = await getI18n();
  const allowed = can(ctx.membership, sectionByKey(section).permission);
  return (
    <>
      <PageHeader title={t.sections[section].title} subtitle={ctx.membership.organization.name} />
      {allowed ? (
        children
      ) : (
        <EmptyState title={t.noAccess.title}>
          <p>{t.noAccess.body}</p>
        </EmptyState>
      )}
    </>
  );
}
