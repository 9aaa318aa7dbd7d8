import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { FieldPage } from '@/features/field/field-page';
import { JobView } from '@/features/field/job-view';
import { fieldPaths } from '@/features/field/links';
import { fieldMessages } from '@/features/field/messages';
import { requireFieldContext } from '@/features/field/server';
import { getI18n } from '@/i18n/server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await getI18n();
  return { title: fieldMessages[locale].appTitle };
}

/** A job of mine: field, machine set, start / complete. The API decides what I may see (404 otherwise). */
export default async function FieldJobPage({ params, searchParams }: PageProps<'/field/jobs/[jobId]'>) {
  const { jobId } = await params;
  const ctx = await requireFieldContext(fieldPaths.job(jobId), await searchParams);
  if (!UUID.test(jobId)) notFound();
  return <FieldPage ctx={ctx}>{(props) => <JobView {...props} jobId={jobId} />}</FieldPage>;
}
