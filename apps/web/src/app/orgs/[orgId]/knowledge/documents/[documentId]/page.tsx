import { ZDocumentDetail } from '@amms/contracts/knowledge';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PageHeader } from '@/components/page-header';
import { SectionShell, sectionTitle } from '@/components/section-shell';
import { documentApi, documentQuery } from '@/features/knowledge/api';
import { DocumentDetail } from '@/features/knowledge/document-detail';
import { knowledgePaths } from '@/features/knowledge/links';
import { knowledgeMessages } from '@/features/knowledge/messages';
import { HeaderBackLink } from '@/components/detail';
import { loadOr404, UUID } from '@/features/knowledge/server';
import { getI18n } from '@/i18n/server';
import { can, requireOrgContext } from '@/lib/server/auth';
import { getQueryClient } from '@/lib/server/query-client';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('knowledge');
}

export default async function KnowledgeDocumentPage({
  params,
}: PageProps<'/orgs/[orgId]/knowledge/documents/[documentId]'>) {
  const { orgId, documentId } = await params;
  const ctx = await requireOrgContext(orgId, knowledgePaths.document(orgId, documentId));
  if (!can(ctx.membership, 'knowledge.read'))
    return (
      <SectionShell ctx={ctx} section="knowledge" permission="knowledge.read">
        {null}
      </SectionShell>
    );
  if (!UUID.test(documentId)) notFound();
  const { t, locale } = await getI18n();
  const doc = await loadOr404(documentApi(orgId, documentId), ZDocumentDetail);
  const queryClient = getQueryClient();
  if (doc) queryClient.setQueryData(documentQuery(orgId, documentId).queryKey, doc);
  return (
    <>
      <PageHeader
        title={doc?.title ?? t.sections.knowledge.title}
        subtitle={
          <HeaderBackLink href={knowledgePaths.documents(orgId)}>
            {knowledgeMessages[locale].detail.back}
          </HeaderBackLink>
        }
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <DocumentDetail
          orgId={orgId}
          documentId={documentId}
          timeZone={ctx.membership.organization.timezone}
          canManage={can(ctx.membership, 'knowledge.manage')}
        />
      </HydrationBoundary>
    </>
  );
}
