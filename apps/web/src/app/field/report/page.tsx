import type { Metadata } from 'next';
import { FieldPage } from '@/features/field/field-page';
import { fieldPaths } from '@/features/field/links';
import { fieldMessages } from '@/features/field/messages';
import { ReportFault } from '@/features/field/report-fault';
import { requireFieldContext } from '@/features/field/server';
import { getI18n } from '@/i18n/server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await getI18n();
  return { title: fieldMessages[locale].fault.heading };
}

/** Report a fault on a machine (`?asset=` preselects one, e.g. from a job page). */
export default async function FieldReportPage({ searchParams }: PageProps<'/field/report'>) {
  const sp = await searchParams;
  const ctx = await requireFieldContext(fieldPaths.report, sp);
  const asset = typeof sp.asset === 'string' && UUID.test(sp.asset) ? sp.asset : null;
  return (
    <FieldPage ctx={ctx}>
      {(props) =>
        props.permissions.includes('workorder.write') ? <ReportFault {...props} initialAssetId={asset} /> : <NoReport />
      }
    </FieldPage>
  );
}

async function NoReport() {
  const { locale } = await getI18n();
  const m = fieldMessages[locale];
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{m.fault.heading}</h1>
      <p className="mt-4 text-slate-700">{m.noAccess.body}</p>
    </>
  );
}
