import { getI18n } from '@/i18n/server';
import { can, type OrgContext } from '@/lib/server/auth';
import { sectionByKey, type SectionKey } from '@/lib/nav';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/**
 * A dashboard section whose real page arrives in a later issue: heading, what it will
 * hold, and an honest "coming soon". Members without the section's permission see a
 * no-access notice instead (the API refuses them anyway).
 */
export async function SectionPage({ ctx, section }: { ctx: OrgContext; section: SectionKey }) {
  const { t } = await getI18n();
  const allowed = can(ctx.membership, sectionByKey(section).permission);
  return (
    <>
      <PageHeader title={t.sections[section].title} subtitle={ctx.membership.organization.name} />
      {allowed ? (
        <EmptyState badge={t.comingSoon.badge}>
          <p>{t.sections[section].description}</p>
          <p className="text-slate-600">{t.comingSoon.body}</p>
        </EmptyState>
      ) : (
        <EmptyState title={t.noAccess.title}>
          <p>{t.noAccess.body}</p>
        </EmptyState>
      )}
    </>
  );
}

export async function sectionTitle(section: SectionKey): Promise<{ title: string }> {
  const { t } = await getI18n();
  return { title: t.sections[section].title };
}
