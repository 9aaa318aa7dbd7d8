'use client';

import { useSuspenseQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { orgPath, visibleSections, type NavSection } from '@/lib/nav';
import { meQuery } from '@/lib/queries';
import { LanguageSwitch } from './language-switch';
import { OrgSwitcher } from './org-switcher';
import { UserMenu } from './user-menu';

function NavLink({
  href,
  active,
  children,
  onNavigate,
}: {
  href: string;
  active: boolean;
  children: ReactNode;
  onNavigate: () => void;
}) {
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      className={`block rounded-md px-3 py-2 text-sm ${
        active
          ? 'bg-emerald-50 font-semibold text-emerald-900'
          : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
      }`}
    >
      {children}
    </Link>
  );
}

/**
 * The dashboard frame: header (menu button on small screens, org switcher, language,
 * user menu), the section navigation of DESIGN.md §7 and the main landmark. The
 * membership data is the /me query the org layout hydrated from the server.
 */
/** `bell`: the notifications bell, given by the layout (the shell imports no feature). */
export function AppShell({ orgId, bell, children }: { orgId: string; bell?: ReactNode; children: ReactNode }) {
  const { t } = useI18n();
  const pathname = usePathname();
  const { data: me } = useSuspenseQuery(meQuery());
  const [navOpen, setNavOpen] = useState(false);

  const memberships = me.memberships.filter((m) => m.status === 'ACTIVE');
  const membership = memberships.find((m) => m.organization.id === orgId);
  const sections = visibleSections(membership?.permissions ?? []);
  const main = sections.filter((s) => s.group === 'main');
  const admin = sections.filter((s) => s.group === 'admin');

  const isActive = (s: NavSection) => {
    const href = orgPath(orgId, s.segment);
    return s.segment === '' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
  };
  const closeNav = () => setNavOpen(false);
  const navItems = (list: NavSection[]) =>
    list.map((s) => (
      <li key={s.key}>
        <NavLink href={orgPath(orgId, s.segment)} active={isActive(s)} onNavigate={closeNav}>
          {t.sections[s.key].title}
        </NavLink>
      </li>
    ));

  useEffect(() => {
    if (!navOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setNavOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navOpen]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-semibold focus:text-emerald-900 focus:shadow"
      >
        {t.app.skipToContent}
      </a>
      <header className="sticky top-0 z-40 flex h-14 items-center gap-1 border-b border-slate-200 bg-white px-2 sm:gap-2 sm:px-4">
        <button
          type="button"
          onClick={() => setNavOpen((o) => !o)}
          aria-expanded={navOpen}
          aria-controls="app-nav"
          aria-label={navOpen ? t.nav.closeMenu : t.nav.openMenu}
          className="grid size-10 shrink-0 place-items-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6 stroke-current"
            fill="none"
            strokeWidth="2"
            strokeLinecap="round"
          >
            {navOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
        <Link
          href={orgPath(orgId)}
          className="hidden shrink-0 rounded-md px-2 py-1 text-base font-bold tracking-tight text-emerald-800 sm:block"
        >
          {t.app.shortName}
        </Link>
        <div className="min-w-0 flex-1">
          <OrgSwitcher orgId={orgId} memberships={memberships} />
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {bell}
          <LanguageSwitch />
          <UserMenu user={me.user} membership={membership} />
        </div>
      </header>

      <div className="flex min-w-0 flex-1">
        {/* the column keeps its white background and border down the whole page; the nav inside sticks */}
        <div className="md:w-56 md:shrink-0 md:border-r md:border-slate-200 md:bg-white lg:w-60">
          <nav
            id="app-nav"
            aria-label={t.nav.label}
            className={`${navOpen ? 'block' : 'hidden'} fixed inset-x-0 bottom-0 top-14 z-30 overflow-y-auto bg-white p-3 md:sticky md:top-14 md:block md:h-[calc(100dvh-3.5rem)]`}
          >
            <ul className="space-y-0.5">{navItems(main)}</ul>
            {admin.length > 0 ? (
              <>
                <h2
                  id="app-nav-admin"
                  className="mt-5 px-3 text-xs font-semibold uppercase tracking-wide text-slate-600"
                >
                  {t.nav.adminHeading}
                </h2>
                <ul aria-labelledby="app-nav-admin" className="mt-1 space-y-0.5">
                  {navItems(admin)}
                </ul>
              </>
            ) : null}
            <div className="mt-5 border-t border-slate-200 pt-3">
              <NavLink href="/field" active={false} onNavigate={closeNav}>
                <span className="flex items-center justify-between gap-2">
                  {t.nav.fieldApp}
                  <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current text-slate-500">
                    <path d="M7 3a1 1 0 0 0 0 2h6.6l-9.3 9.3a1 1 0 1 0 1.4 1.4L15 6.4V13a1 1 0 1 0 2 0V4a1 1 0 0 0-1-1H7Z" />
                  </svg>
                </span>
              </NavLink>
            </div>
          </nav>
        </div>

        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
