import type { TMyMembership } from '@amms/contracts/auth';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/language-switch';
import { NotificationBell } from '@/features/notifications/bell';
import { getI18n } from '@/i18n/server';
import { changePasswordPath } from '@/lib/login-path';
import { fieldHref, fieldPaths } from './links';
import { fieldMessages } from './messages';
import { FieldLogout } from './offline/field-logout';
import { FieldOffline } from './offline/field-offline';

/**
 * The mobile frame of the field app: a slim sticky header (title, language, change password
 * (back to this page afterwards), sign out), the
 * org line with a picker when I belong to several orgs, and one narrow column. No side
 * navigation: every page links back home.
 */
export async function FieldFrame({
  membership,
  memberships,
  path,
  children,
}: {
  membership: TMyMembership | null;
  memberships: TMyMembership[];
  /** this page's path, for the org picker's links (home for sub-pages: another org has other records) */
  path?: string;
  children: ReactNode;
}) {
  const { locale, t } = await getI18n();
  const m = fieldMessages[locale];
  const homeHref = membership ? fieldHref(fieldPaths.home, membership.organization.id) : fieldPaths.home;
  const here = path ? (membership ? fieldHref(path, membership.organization.id) : path) : homeHref;
  const others = memberships.filter((x) => x.organization.id !== membership?.organization.id);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-semibold focus:text-emerald-900 focus:shadow"
      >
        {t.app.skipToContent}
      </a>
      <header className="sticky top-0 z-40 border-b border-emerald-900/20 bg-emerald-800 text-white">
        <div className="mx-auto flex h-14 max-w-xl items-center justify-between gap-2 px-3">
          <Link
            href={homeHref}
            className="min-w-0 truncate rounded-md px-1 py-2 text-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-white"
          >
            {m.appTitle}
          </Link>
          <div className="flex shrink-0 items-center gap-1 [&_button]:text-white [&_button]:hover:bg-emerald-700 [&_button]:hover:text-white">
            {membership ? (
              <NotificationBell
                orgId={membership.organization.id}
                className="text-white hover:bg-emerald-700"
                deferred
              />
            ) : null}
            <LanguageSwitch className="min-h-10" />
            <Link
              href={changePasswordPath(here)}
              aria-label={m.changePasswordLabel}
              className="flex min-h-10 items-center rounded-md px-2.5 py-1.5 text-sm font-medium hover:bg-emerald-700 focus-visible:outline-2 focus-visible:outline-white"
            >
              {m.changePassword}
            </Link>
            <FieldLogout className="min-h-10 rounded-md px-2.5 py-1.5 text-sm font-medium">{m.logout}</FieldLogout>
          </div>
        </div>
      </header>
      {membership ? (
        <div className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2 text-sm">
            <p className="min-w-0 break-words text-slate-700">
              <span className="sr-only">{m.org.label}: </span>
              <span className="font-semibold text-slate-900">{membership.organization.name}</span>
              <span className="text-slate-500"> · {t.roles[membership.role]}</span>
            </p>
            {others.length > 0 ? (
              <details className="relative">
                <summary className="flex min-h-10 cursor-pointer list-none items-center rounded-md px-2 font-medium text-emerald-800 underline underline-offset-2 hover:bg-emerald-50">
                  {m.org.switch}
                </summary>
                <ul className="absolute right-0 z-30 mt-1 w-64 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white py-1 shadow-lg">
                  {others.map((o) => (
                    <li key={o.organization.id}>
                      <Link
                        href={fieldHref(path ?? fieldPaths.home, o.organization.id)}
                        className="block min-h-12 px-3 py-3 text-slate-800 hover:bg-slate-100"
                      >
                        {o.organization.name}
                        <span className="text-slate-500"> · {t.roles[o.role]}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </div>
        </div>
      ) : null}
      <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 pb-28 pt-4">
        {membership ? <FieldOffline orgId={membership.organization.id} membershipId={membership.membershipId} /> : null}
        {children}
      </main>
    </div>
  );
}
