import type { TPermission } from '@amms/contracts/permissions';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { PageHeader } from '@/components/page-header';
import { NoAccess, sectionTitle } from '@/components/section-shell';
import { DraftReview } from '@/features/drafts/draft-review';
import { draftMessages } from '@/features/drafts/messages';
import { prefetchDraft } from '@/features/drafts/prefetch';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { prefetchClient } from '@/lib/server/prefetch';
import { can, requireOrgContext } from '@/lib/server/auth';
import { isUuid } from '@/lib/uuid';
import { FallbackQueries } from '@/components/fallback-queries';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('drafts');
}

export default async function DraftPage({ params, searchParams }: PageProps<'/orgs/[orgId]/drafts/[draftId]'>) {
  const { orgId, draftId } = await params;
  const sp = await searchParams;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, `drafts/${draftId}`));
  const { t, locale } = await getI18n();
  const m = draftMessages[locale];
  const org = ctx.membership.organization;
  const review = {
    orgId,
    draftId,
    timeZone: org.timezone,
    permissions: ctx.membership.permissions,
    initialExecutionId: typeof sp.execution === 'string' && isUuid(sp.execution) ? sp.execution : null,
  };
  return (
    <>
      <PageHeader title={t.sections.drafts.title} subtitle={org.name}>
        <Link
          href={orgPath(orgId, 'drafts')}
          className="text-sm font-medium text-emerald-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-emerald-700"
        >
          {m.backToList}
        </Link>
      </PageHeader>
      {can(ctx.membership, 'draft.read') ? (
        // the draft is fetched on the server and streams in with the page
        // (until it arrives the review itself stands in: its own loading state, then its own fetch)
        <Suspense
          fallback={
            <FallbackQueries>
              <DraftReview {...review} />
            </FallbackQueries>
          }
        >
          <PrefetchedDraftReview {...review} />
        </Suspense>
      ) : (
        <NoAccess />
      )}
    </>
  );
}

async function PrefetchedDraftReview(props: {
  orgId: string;
  draftId: string;
  timeZone: string;
  permissions: TPermission[];
  initialExecutionId: string | null;
}) {
  const queryClient = prefetchClient();
  if (isUuid(props.draftId)) await prefetchDraft(queryClient, props.orgId, props.draftId);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <DraftReview {...props} />
    </HydrationBoundary>
  );
}
