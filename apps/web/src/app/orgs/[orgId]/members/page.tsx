import type { Metadata } from 'next';
import { sectionTitle } from '@/components/section-page';
import { AdminSection } from '@/features/admin/admin-section';
import { MembersAdmin } from '@/features/admin/members';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('members');
}

export default async function MembersPage({ params }: PageProps<'/orgs/[orgId]/members'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'members'));
  return (
    <AdminSection ctx={ctx} section="members">
      <MembersAdmin orgId={orgId} myUserId={ctx.me.user.id} myRole={ctx.membership.role} permissions={ctx.membership.permissions} />
    </AdminSection>
  );
}
