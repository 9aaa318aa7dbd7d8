import { ZDocumentPage } from '@amms/contracts/knowledge';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PageHeader } from '@/components/page-header';
import { SectionShell, sectionTitle } from '@/components/section-shell';
import { pageApi, pageQuery } from '@/features/knowledge/api';
import { knowledgePaths, safeBack } from '@/features/knowledge/links';
import { knowledgeMessages } from '@/features/knowledge/messages';
import { HeaderBackLink } from '@/components/detail';
import { DashboardPageViewer } from '@/features/knowledge/page-views';
import { highlightParam, loadOr404, pageNumberOr404, stringParam, UUID } from '@/features/knowledge/server';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { can, requireOrgContext } from '@/lib/server/auth';
import { getQueryClient } from '@/lib/server/query-client';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('knowledge');
}

/** A cited page: `?hl=` the snippet to highlight, `?back=` the answer it was cited in. */
export default async function KnowledgePageViewerPage({
  params,
  searchParams,
}: PageProps<'/orgs/[orgId]/knowledge/documents/[documentId]/versions/[versionId]/pages/[page]'>) {
  const { orgId, documentId, versionId, page: rawPage } = await params;
  const sp = await searchParams;
  const page = pageNumberOr404(rawPage);
  const ctx = await requireOrgContext(
    orgId,
    knowledgePaths.page(orgId, {
      documentId,
      versionId,
      page,
      highlight: highlightParam(sp.hl),
      back: stringParam(sp.back),
    }),
  );
  if (!can(ctx.membership, 'knowledge.read'))
    return (
      <SectionShell ctx={ctx} section="knowledge" permission="knowledge.read">
        {null}
      </SectionShell>
    );
  if (!UUID.test(documentId) || !UUID.test(versionId)) notFound();
  const { t, locale } = await getI18n();
  const m = knowledgeMessages[locale];
  const data = await loadOr404(pageApi(orgId, documentId, versionId, page), ZDocumentPage);
  const queryClient = getQueryClient();
  if (data) queryClient.setQueryData(pageQuery(orgId, documentId, versionId, page).queryKey, data);
  const back = safeBack(stringParam(sp.back), [orgPath(orgId, 'knowledge'), orgPath(orgId, 'assets')]);
  return (
    <>
      <PageHeader
        title={t.sections.knowledge.title}
        subtitle={
          back ? (
            <HeaderBackLink href={back}>{m.viewer.backToAnswer}</HeaderBackLink>
          ) : (
            <HeaderBackLink href={knowledgePaths.document(orgId, documentId)}>{m.viewer.openDocument}</HeaderBackLink>
          )
        }
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <DashboardPageViewer
          orgId={orgId}
          documentId={documentId}
          versionId={versionId}
          page={page}
          highlight={highlightParam(sp.hl)}
          back={back ?? undefined}
        />
      </HydrationBoundary>
    </>
  );
}
