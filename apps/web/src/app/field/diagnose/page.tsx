import type { Metadata } from 'next';
import { skillMessages } from '@/features/agent/skill-messages';
import { FieldDiagnose } from '@/features/field/field-diagnose';
import { FieldPage } from '@/features/field/field-page';
import { fieldPaths } from '@/features/field/links';
import { requireFieldContext } from '@/features/field/server';
import { getI18n } from '@/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await getI18n();
  return { title: skillMessages[locale].field.title };
}

/** Describe a fault → the agent's diagnosis draft (a CORRECTIVE work order a dispatcher confirms). */
export default async function FieldDiagnosePage({ searchParams }: PageProps<'/field/diagnose'>) {
  const sp = await searchParams;
  const ctx = await requireFieldContext(fieldPaths.diagnose, sp);
  return <FieldPage ctx={ctx}>{(props) => <FieldDiagnose {...props} />}</FieldPage>;
}
