import type { Metadata } from 'next';
import Link from 'next/link';
import { LogoutButton } from '@/components/logout-button';
import { SimpleFrame } from '@/components/simple-frame';
import { ChangePasswordForm } from '@/features/account/change-password-form';
import { messages } from '@/features/account/messages';
import { getI18n } from '@/i18n/server';
import { changePasswordPath, CHANGE_PASSWORD_PATH, safeReturnTo } from '@/lib/login-path';
import { requireMeAllowingPasswordChange } from '@/lib/server/auth';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await getI18n();
  return { title: messages[locale].title };
}

/**
 * `/account/password`: every signed-in user's change-password page (linked from the user menu),
 * and the only page a user on a one-time password is let into (requireMe sends them here).
 * `?next=` is where to go afterwards.
 */
export default async function ChangePasswordPage({ searchParams }: PageProps<'/account/password'>) {
  const query = await searchParams;
  const raw = safeReturnTo(typeof query.next === 'string' ? query.next : null);
  const next = raw && !raw.startsWith(CHANGE_PASSWORD_PATH) ? raw : null;
  const me = await requireMeAllowingPasswordChange(changePasswordPath(next));
  const { locale, t } = await getI18n();
  const m = messages[locale];
  const forced = me.user.mustChangePassword;

  return (
    <SimpleFrame
      actions={
        <LogoutButton className="rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-slate-100">
          {t.userMenu.logout}
        </LogoutButton>
      }
    >
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-xl font-bold tracking-tight text-slate-900">{forced ? m.forcedHeading : m.title}</h1>
        <p className="mt-1 text-sm text-slate-700">{me.user.email}</p>
        {forced ? (
          <p role="status" className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {m.forcedIntro}
          </p>
        ) : (
          <p className="mt-4 text-sm text-slate-600">{m.intro}</p>
        )}
        <ChangePasswordForm email={me.user.email} forced={forced} next={next} />
        {forced ? null : (
          <p className="mt-4 text-sm">
            <Link
              href={next ?? '/'}
              className="font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
            >
              {m.back}
            </Link>
          </p>
        )}
      </div>
    </SimpleFrame>
  );
}
