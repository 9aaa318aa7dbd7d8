import Link from 'next/link';
import { LineIcon } from '@/components/ui/line-icon';
import { getI18n } from '@/i18n/server';
import { skillMessages } from '../agent/skill-messages';
import { addMachineMessages } from './add-machine-messages';
import { fieldHref, fieldPaths } from './links';
import { fieldHomeLists } from './list-queries';
import { fieldMessages, fill } from './messages';
import { MyJobs } from './my-jobs';
import { MyReports, MyWorkOrders } from './my-work-orders';
import type { FieldOrgProps } from './types';

/**
 * /field: what is on my plate today, by role (jobs for operators, work orders for mechanics).
 * Rendered on the server: the greeting and the links are plain HTML, only the lists are client
 * islands (the agent's and add-machine catalogs stay out of the phone's JavaScript, issue #30 §1).
 */
export async function FieldHome({ userName, ...props }: FieldOrgProps & { userName: string }) {
  const { locale } = await getI18n();
  const m = fieldMessages[locale];
  const sm = skillMessages[locale];
  const am = addMachineMessages[locale];
  const can = (p: FieldOrgProps['permissions'][number]) => props.permissions.includes(p);
  const lists = fieldHomeLists(props.permissions);
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{fill(m.greeting, { name: userName })}</h1>
      <div className="mt-4 space-y-8">
        {lists.jobs ? <MyJobs {...props} /> : null}
        {lists.workOrders ? <MyWorkOrders {...props} /> : null}
        {lists.reports ? <MyReports {...props} /> : null}
      </div>
      {can('agent.run') && can('workorder.work') ? (
        <Link
          href={fieldHref(fieldPaths.diagnose, props.orgId)}
          className="mt-6 flex min-h-12 w-full items-center justify-center rounded-md border border-emerald-700 px-5 py-3 text-base font-semibold text-emerald-800 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          {sm.field.cta}
        </Link>
      ) : null}
      {can('asset.write') ? (
        <Link
          href={fieldHref(fieldPaths.addMachine, props.orgId)}
          className="mt-6 flex min-h-12 w-full items-center justify-center rounded-md border border-slate-300 px-5 py-3 text-base font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          {am.cta}
        </Link>
      ) : null}
      {can('workorder.write') ? (
        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 backdrop-blur">
          <div className="mx-auto max-w-xl px-4 py-3">
            <Link
              href={fieldHref(fieldPaths.report, props.orgId)}
              className="flex min-h-12 w-full items-center justify-center gap-2 rounded-md bg-red-700 px-5 py-3 text-base font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
            >
              <LineIcon d="M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
              {m.fault.cta}
            </Link>
          </div>
        </div>
      ) : null}
    </>
  );
}
