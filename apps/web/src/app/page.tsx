import { redirect } from 'next/navigation';
import { EmptyState } from '@/components/empty-state';
import { LogoutButton } from '@/components/logout-button';
import { SimpleFrame } from '@/components/simple-frame';
import { getI18n } from '@/i18n/server';
import { landingPath } from '@/lib/nav';
import { activeMemberships, requireMe } from '@/lib/server/auth';

/** `/`: straight to the first org's dashboard (operators and mechanics: the field app); a platform admin without an org the console; anyone else without an org gets an explanation. */
export default async function HomePage() {
  const me = await requireMe('/');
  const first = activeMemberships(me)[0];
  if (first) redirect(landingPath(first));
  // a platform admin belongs to no org: their place is the platform console
  if (me.user.isPlatformAdmin) redirect('/platform');

  const { t } = await getI18n();
  return (
    <SimpleFrame>
      <div className="w-full max-w-lg">
        <h1 className="sr-only">{t.app.name}</h1>
        <EmptyState title={t.home.noOrgsTitle}>
          <p>{t.home.noOrgsBody}</p>
          <div className="pt-3">
            <LogoutButton className="rounded-md bg-emerald-800 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-900">
              {t.userMenu.logout}
            </LogoutButton>
          </div>
        </EmptyState>
      </div>
    </SimpleFrame>
  );
}
