import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SimpleFrame } from '@/components/simple-frame';
import { getI18n } from '@/i18n/server';
import { loginErrorKey } from '@/lib/login-errors';
import { safeReturnTo } from '@/lib/login-path';
import { getMe, getSessionTokens } from '@/lib/server/auth';
import { LoginForm } from './login-form';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t.login.title };
}

export default async function LoginPage({ searchParams }: PageProps<'/login'>) {
  const query = await searchParams;
  const next = safeReturnTo(typeof query.next === 'string' ? query.next : null);

  // already signed in (and the session still works): no login form
  const { accessToken } = await getSessionTokens();
  if (accessToken && (await getMe().catch(() => null))) redirect(next ?? '/');

  const { t } = await getI18n();
  return (
    <SimpleFrame>
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-xl font-bold tracking-tight text-slate-900">{t.login.heading}</h1>
        <p className="mt-1 text-sm text-slate-600">{t.login.intro}</p>
        <LoginForm
          next={next}
          notice={query.reason === 'expired' ? t.login.sessionExpired : null}
          initialError={typeof query.error === 'string' ? loginErrorKey(0, query.error) : null}
        />
      </div>
    </SimpleFrame>
  );
}
