import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { FieldHome } from '@/features/field/field-home';
import { FieldPage } from '@/features/field/field-page';
import { fieldMessages } from '@/features/field/messages';
import { prefetchFieldHome } from '@/features/field/prefetch';
import { requireFieldContext } from '@/features/field/server';
import type { FieldOrgProps } from '@/features/field/types';
import { getI18n } from '@/i18n/server';
import { prefetchClient } from '@/lib/server/prefetch';
import { FallbackQueries } from '@/components/fallback-queries';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await getI18n();
  return { title: fieldMessages[locale].appTitle };
}

/** The mobile field app (DESIGN.md §7): my jobs today / this week, my work orders, report a fault. */
export default async function FieldHomePage({ searchParams }: PageProps<'/field'>) {
  const ctx = await requireFieldContext('/field', await searchParams);
  const userName = ctx.me.user.name;
  return (
    <FieldPage ctx={ctx} path="/field">
      {(props) => (
        // my lists are fetched on the server and stream in with the page (until they arrive the
        // home itself stands in, with its own loading states and fetches)
        <Suspense
          fallback={
            <FallbackQueries>
              <FieldHome {...props} userName={userName} />
            </FallbackQueries>
          }
        >
          <PrefetchedFieldHome {...props} userName={userName} />
        </Suspense>
      )}
    </FieldPage>
  );
}

async function PrefetchedFieldHome(props: FieldOrgProps & { userName: string }) {
  const queryClient = prefetchClient();
  await prefetchFieldHome(queryClient, props);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <FieldHome {...props} />
    </HydrationBoundary>
  );
}
