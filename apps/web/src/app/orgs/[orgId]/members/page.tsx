import type { Metadata } from 'next';
import { SectionShell, sectionTitle } from '@/components/section-shell';
import { MembersAdmin } from '@/features/admin/members';
import { PhotoSettings } from '@/features/admin/photo-settings';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('members');
}

export default async function MembersPage({ params }: PageProps<'/orgs/[orgId]/members'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'members'));
  return (
    <SectionShell ctx={ctx} section="members">
      <MembersAdmin
        orgId={orgId}
        myUserId={ctx.me.user.id}
        myRole={ctx.membership.role}
        permissions={ctx.membership.permissions}
      />
      {ctx.membership.permissions.includes('member.manage') ? (
        <div className="mt-6">
          <PhotoSettings orgId={orgId} />
        </div>
      ) : null}
    </SectionShell>
  );
}
