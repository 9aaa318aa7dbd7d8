import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { LogoutButton } from '@/components/logout-button';
import { SimpleFrame } from '@/components/simple-frame';
import { consoleMessages } from '@/features/platform-console/messages';
import { ConsolePage } from '@/features/platform-console/console-page';
import { getI18n } from '@/i18n/server';
import { activeMemberships, requireMe } from '@/lib/server/auth';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await getI18n();
  return { title: consoleMessages[locale].title };
}

/** `/platform`: the platform admin's console (anyone else: not found, as the API refuses them). */
export default async function PlatformPage() {
  const me = await requireMe('/platform');
  if (!me.user.isPlatformAdmin) notFound();
  const { locale, t } = await getI18n();
  const hasOrgs = activeMemberships(me).length > 0;
  return (
    <SimpleFrame
      actions={
        <>
          {hasOrgs ? (
            <Link href="/" className="rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-slate-100">
              {consoleMessages[locale].orgsLink}
            </Link>
          ) : null}
          <LogoutButton className="rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-slate-100">
            {t.userMenu.logout}
          </LogoutButton>
        </>
      }
    >
      <ConsolePage />
    </SimpleFrame>
  );
}
