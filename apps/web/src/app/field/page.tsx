import type { Metadata } from 'next';
import Link from 'next/link';
import { EmptyState } from '@/components/empty-state';
import { LogoutButton } from '@/components/logout-button';
import { SimpleFrame } from '@/components/simple-frame';
import { getI18n } from '@/i18n/server';
import { requireMe } from '@/lib/server/auth';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t.field.title };
}

/** The mobile field app (DESIGN.md §7) lives here; for now an honest placeholder. */
export default async function FieldPage() {
  await requireMe('/field');
  const { t } = await getI18n();
  return (
    <SimpleFrame
      actions={
        <LogoutButton className="rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900">
          {t.userMenu.logout}
        </LogoutButton>
      }
    >
      <div className="w-full max-w-lg">
        <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900">{t.field.title}</h1>
        <EmptyState badge={t.comingSoon.badge}>
          <p>{t.field.description}</p>
          <p className="pt-2">
            <Link href="/" className="font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900">
              {t.field.backToDashboard}
            </Link>
          </p>
        </EmptyState>
      </div>
    </SimpleFrame>
  );
}
