'use client';

import type { TMyMembership, TUser } from '@amms/contracts/auth';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { changePasswordPath } from '@/lib/login-path';
import { LogoutButton } from './logout-button';
import { menuPanelClass, useDisclosure } from './use-disclosure';

function initial(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}

export function UserMenu({ user, membership }: { user: TUser; membership: TMyMembership | undefined }) {
  const { t } = useI18n();
  const pathname = usePathname();
  const { containerRef, buttonProps, panelProps } = useDisclosure('user-menu-panel');
  const displayName = user.name || user.email;

  return (
    <div ref={containerRef} className="relative">
      <button
        {...buttonProps}
        aria-label={format(t.userMenu.label, { name: displayName })}
        className="flex items-center gap-2 rounded-full p-1 hover:bg-slate-100 md:rounded-md md:px-2"
      >
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-full bg-emerald-800 text-sm font-semibold text-white"
        >
          {initial(displayName)}
        </span>
        <span className="hidden max-w-40 truncate text-sm text-slate-800 md:inline">{displayName}</span>
      </button>
      <div {...panelProps} className={`${menuPanelClass} right-0 w-64 max-w-[calc(100vw-1.5rem)]`}>
        <div className="border-b border-slate-100 px-3 py-2">
          <p className="text-xs text-slate-600">{t.userMenu.signedInAs}</p>
          <p className="truncate text-sm font-semibold text-slate-900">{displayName}</p>
          <p className="truncate text-sm text-slate-700">{user.email}</p>
          {membership ? (
            <p className="mt-1 text-xs text-slate-600">
              {format(t.userMenu.roleLine, { role: t.roles[membership.role] })}
            </p>
          ) : null}
        </div>
        <Link
          href={changePasswordPath(pathname)}
          className="mt-1 block w-full rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100"
        >
          {t.userMenu.changePassword}
        </Link>
        <LogoutButton className="block w-full rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100">
          {t.userMenu.logout}
        </LogoutButton>
      </div>
    </div>
  );
}
