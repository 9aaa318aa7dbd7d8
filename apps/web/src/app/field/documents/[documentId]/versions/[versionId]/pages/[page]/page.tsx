import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { FieldPage } from '@/features/field/field-page';
import { fieldHref, fieldPaths } from '@/features/field/links';
import { requireFieldContext } from '@/features/field/server';
import { safeBack } from '@/features/knowledge/links';
import { knowledgeMessages } from '@/features/knowledge/messages';
import { FieldPageViewer } from '@/features/knowledge/page-views';
import { highlightParam, pageNumberOr404, stringParam, UUID } from '@/features/knowledge/server';
import { getI18n } from '@/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await getI18n();
  return { title: knowledgeMessages[locale].field.title };
}

/** A cited manual page on the phone: `?hl=` the snippet to highlight, `?back=` the answer. The API decides what I may see. */
export default async function FieldManualPage({
  params,
  searchParams,
}: PageProps<'/field/documents/[documentId]/versions/[versionId]/pages/[page]'>) {
  const { documentId, versionId, page: rawPage } = await params;
  const sp = await searchParams;
  const ctx = await requireFieldContext(`/field/documents/${documentId}/versions/${versionId}/pages/${rawPage}`, sp);
  const page = pageNumberOr404(rawPage);
  if (!UUID.test(documentId) || !UUID.test(versionId)) notFound();
  const { locale } = await getI18n();
  const m = knowledgeMessages[locale];
  const back = safeBack(stringParam(sp.back), ['/field']);
  return (
    <FieldPage ctx={ctx}>
      {(props) => (
        <>
          <Link
            href={back ?? fieldHref(fieldPaths.home, props.orgId)}
            className="inline-flex min-h-12 items-center gap-1 rounded-md pr-2 text-sm font-semibold text-emerald-800 hover:text-emerald-900"
          >
            ← {back ? m.viewer.backToAnswer : m.field.backHome}
          </Link>
          <div className="mt-2">
            <FieldPageViewer
              orgId={props.orgId}
              documentId={documentId}
              versionId={versionId}
              page={page}
              highlight={highlightParam(sp.hl)}
              back={back ?? undefined}
            />
          </div>
        </>
      )}
    </FieldPage>
  );
}
