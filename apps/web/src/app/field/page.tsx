import type { Metadata } from 'next';
import { FieldHome } from '@/features/field/field-home';
import { FieldPage } from '@/features/field/field-page';
import { fieldMessages } from '@/features/field/messages';
import { requireFieldContext } from '@/features/field/server';
import { getI18n } from '@/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await getI18n();
  return { title: fieldMessages[locale].appTitle };
}

/** The mobile field app (DESIGN.md §7): my jobs today / this week, my work orders, report a fault. */
export default async function FieldHomePage({ searchParams }: PageProps<'/field'>) {
  const ctx = await requireFieldContext('/field', await searchParams);
  return (
    <FieldPage ctx={ctx} path="/field">
      {(props) => <FieldHome {...props} userName={ctx.me.user.name} />}
    </FieldPage>
  );
}
