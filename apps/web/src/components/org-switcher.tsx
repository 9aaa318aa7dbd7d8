'use client';

import type { TMyMembership } from '@amms/contracts/auth';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useI18n } from '@/i18n/i18n-provider';
import { NAV_SECTIONS, orgPath } from '@/lib/nav';
import { menuPanelClass, useDisclosure } from './use-disclosure';

/** Same section in the other org when that member may open it, else its dashboard. */
function targetHref(pathname: string, currentOrgId: string, target: TMyMembership): string {
  const prefix = orgPath(currentOrgId);
  const rest = pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length + 1).split('/')[0] : '';
  const section = NAV_SECTIONS.find((s) => s.segment !== '' && s.segment === rest);
  const allowed = section && target.permissions.includes(section.permission);
  return orgPath(target.organization.id, allowed ? section.segment : '');
}

/** Lists only my active memberships (from /me); switching is a link to the other org's URL. */
export function OrgSwitcher({ orgId, memberships }: { orgId: string; memberships: TMyMembership[] }) {
  const { t } = useI18n();
  const pathname = usePathname();
  const { close, containerRef, buttonProps, panelProps } = useDisclosure('org-switcher-list');
  const current = memberships.find((m) => m.organization.id === orgId);
  const currentName = current?.organization.name ?? '';

  if (memberships.length <= 1) {
    return (
      <p className="min-w-0 truncate px-2 text-sm font-semibold text-slate-900" title={currentName}>
        <span className="sr-only">{t.orgSwitcher.currentPrefix}</span>
        {currentName}
      </p>
    );
  }

  return (
    <div ref={containerRef} className="relative min-w-0">
      <button
        {...buttonProps}
        className="flex max-w-full min-w-0 items-center gap-1 rounded-md px-2 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100"
      >
        <span className="sr-only">{t.orgSwitcher.labelPrefix}</span>
        <span className="truncate" title={currentName}>
          {currentName}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 fill-current text-slate-500">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      <div {...panelProps} className={`${menuPanelClass} left-0 w-72 max-w-[calc(100vw-4rem)]`}>
        <p id="org-switcher-heading" className="px-3 pb-1 pt-2 text-xs font-medium text-slate-600">
          {t.orgSwitcher.listLabel}
        </p>
        <ul aria-labelledby="org-switcher-heading">
          {memberships.map((m) => {
            const isCurrent = m.organization.id === orgId;
            return (
              <li key={m.membershipId}>
                <Link
                  href={targetHref(pathname, orgId, m)}
                  aria-current={isCurrent ? 'page' : undefined}
                  onClick={() => close(false)}
                  className={`block rounded-md px-3 py-2 text-sm hover:bg-slate-100 ${isCurrent ? 'bg-emerald-50 font-semibold text-emerald-900' : 'text-slate-800'}`}
                >
                  <span className="block truncate">{m.organization.name}</span>
                  <span className="block text-xs font-normal text-slate-600">{t.roles[m.role]}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
