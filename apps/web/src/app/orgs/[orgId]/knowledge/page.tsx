import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SectionShell, sectionTitle } from '@/components/section-shell';
import { Loading } from '@/components/ui/states';
import { KnowledgeAsk } from '@/features/knowledge/ask-page';
import { KnowledgeTabs } from '@/features/knowledge/ui';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('knowledge');
}

/** Ask the manuals: the question (and its answer) lives in the URL, `?q=&asset=&model=`. */
export default async function KnowledgePage({ params }: PageProps<'/orgs/[orgId]/knowledge'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'knowledge'));
  return (
    <SectionShell ctx={ctx} section="knowledge" permission="knowledge.read">
      <KnowledgeTabs orgId={orgId} />
      <Suspense fallback={<Loading />}>
        <KnowledgeAsk orgId={orgId} />
      </Suspense>
    </SectionShell>
  );
}
