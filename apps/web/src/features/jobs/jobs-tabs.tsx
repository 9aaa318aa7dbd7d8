'use client';

import { useMessages } from '@/i18n/messages';
import { orgPath } from '@/lib/nav';
import { jobsMessages } from './messages';
import { SubNav } from '@/components/ui/sub-nav';

export function JobsTabs({ orgId }: { orgId: string }) {
  const m = useMessages(jobsMessages);
  return (
    <SubNav
      label={m.tabs.label}
      items={[
        { href: orgPath(orgId, 'jobs'), label: m.tabs.list },
        { href: orgPath(orgId, 'jobs/timeline'), label: m.tabs.timeline },
      ]}
    />
  );
}
