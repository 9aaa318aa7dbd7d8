import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Loading } from '@/components/ui/states';
import { FieldPage } from '@/features/field/field-page';
import { requireFieldContext } from '@/features/field/server';
import { FieldAsk } from '@/features/field/field-ask';
import { safeBack } from '@/features/knowledge/links';
import { knowledgeMessages } from '@/features/knowledge/messages';
import { stringParam, UUID } from '@/features/knowledge/server';
import { getI18n } from '@/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await getI18n();
  return { title: knowledgeMessages[locale].field.title };
}

/** Ask the manual from the field: `?asset=` the machine being worked on, `?q=` the question, `?back=` the job or work order. */
export default async function FieldAskPage({ searchParams }: PageProps<'/field/ask'>) {
  const sp = await searchParams;
  const asset = stringParam(sp.asset);
  const assetId = asset && UUID.test(asset) ? asset : undefined;
  const back = safeBack(stringParam(sp.back), ['/field']) ?? undefined;
  const ctx = await requireFieldContext('/field/ask', sp);
  return (
    <FieldPage ctx={ctx}>
      {(props) => (
        <Suspense fallback={<Loading />}>
          <FieldAsk {...props} assetId={assetId} back={back} />
        </Suspense>
      )}
    </FieldPage>
  );
}
