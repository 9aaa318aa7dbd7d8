import type { Metadata } from 'next';
import { SectionShell, sectionTitle } from '@/components/section-shell';
import { DocumentList } from '@/features/knowledge/document-list';
import { KnowledgeTabs } from '@/features/knowledge/ui';
import { orgPath } from '@/lib/nav';
import { can, requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('knowledge');
}

export default async function KnowledgeDocumentsPage({ params }: PageProps<'/orgs/[orgId]/knowledge/documents'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'knowledge/documents'));
  return (
    <SectionShell ctx={ctx} section="knowledge" permission="knowledge.read">
      <KnowledgeTabs orgId={orgId} />
      <DocumentList
        orgId={orgId}
        timeZone={ctx.membership.organization.timezone}
        canManage={can(ctx.membership, 'knowledge.manage')}
      />
    </SectionShell>
  );
}
