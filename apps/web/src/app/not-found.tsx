import Link from 'next/link';
import { SimpleFrame } from '@/components/simple-frame';
import { getI18n } from '@/i18n/server';

/** Also what an org I am not a member of looks like: nothing about it is shown. */
export default async function NotFound() {
  const { t } = await getI18n();
  return (
    <SimpleFrame>
      <div className="w-full max-w-lg text-center">
        <p className="text-sm font-semibold text-emerald-800">404</p>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">{t.notFound.title}</h1>
        <p className="mt-2 text-sm text-slate-700">{t.notFound.body}</p>
        <p className="mt-6">
          <Link
            href="/"
            className="rounded-md bg-emerald-800 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-900"
          >
            {t.notFound.home}
          </Link>
        </p>
      </div>
    </SimpleFrame>
  );
}
