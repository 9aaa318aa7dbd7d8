import type { Metadata } from 'next';
import { AddMachine } from '@/features/field/add-machine';
import { addMachineMessages } from '@/features/field/add-machine-messages';
import { FieldPage } from '@/features/field/field-page';
import { fieldPaths } from '@/features/field/links';
import { requireFieldContext } from '@/features/field/server';
import { getI18n } from '@/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await getI18n();
  return { title: addMachineMessages[locale].heading };
}

/** Add a machine from a photo (owners and admins: the API's POST /assets needs asset.write). */
export default async function FieldAddMachinePage({ searchParams }: PageProps<'/field/machines/new'>) {
  const sp = await searchParams;
  const ctx = await requireFieldContext(fieldPaths.addMachine, sp);
  const { locale } = await getI18n();
  const m = addMachineMessages[locale];
  return (
    <FieldPage ctx={ctx}>
      {(props) => (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{m.heading}</h1>
          {props.permissions.includes('asset.write') ? (
            <AddMachine orgId={props.orgId} />
          ) : (
            <p className="mt-4 text-slate-700">{m.noAccess}</p>
          )}
        </>
      )}
    </FieldPage>
  );
}
