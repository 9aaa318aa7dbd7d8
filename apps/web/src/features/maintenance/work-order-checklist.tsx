'use client';

import type { TChecklistResult, TWorkOrderDetailWithPeople } from '@amms/contracts/maintenance';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { maintenanceMessages } from './messages';
import { useTickChecklist } from './mutations';

const RESULTS: TChecklistResult[] = ['PASS', 'FAIL', 'NA'];
const RESULT_STYLE: Record<TChecklistResult, string> = {
  PENDING: '',
  PASS: 'border-emerald-700 bg-emerald-700 text-white',
  FAIL: 'border-red-700 bg-red-700 text-white',
  NA: 'border-slate-600 bg-slate-600 text-white',
};
const RESULT_ICON: Record<TChecklistResult, string> = { PENDING: '○', PASS: '✓', FAIL: '✗', NA: '–' };

/** The work order's checklist; a mechanic at work ticks items (optimistic, see useTickChecklist). */
export function Checklist({ orgId, wo, canWork }: { orgId: string; wo: TWorkOrderDetailWithPeople; canWork: boolean }) {
  const m = useMessages(maintenanceMessages);
  const editable = canWork && wo.status === 'IN_PROGRESS';
  const tick = useTickChecklist(orgId, wo.id);
  const done = wo.checklist.filter((i) => i.result !== 'PENDING').length;

  return (
    <Card
      id="wo-checklist"
      title={m.checklist.heading}
      actions={
        wo.checklist.length ? (
          <span className="text-sm text-slate-600">
            {format(m.checklist.progress, { done, total: wo.checklist.length })}
          </span>
        ) : null
      }
    >
      {wo.checklist.length === 0 ? (
        <p className="text-sm text-slate-600">{m.checklist.empty}</p>
      ) : (
        <>
          {!editable && canWork && wo.status === 'OPEN' ? (
            <p className="mb-2 text-sm text-slate-600">{m.checklist.readonly}</p>
          ) : null}
          <ol className="divide-y divide-slate-100">
            {wo.checklist.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 flex-1 text-sm text-slate-900">
                  <span aria-hidden="true" className="mr-1.5 inline-block w-4 text-center font-bold">
                    {RESULT_ICON[item.result]}
                  </span>
                  {item.label}
                  {!editable ? (
                    <span className="ml-2 text-xs text-slate-600">({m.checklist.result[item.result]})</span>
                  ) : null}
                  {item.note ? (
                    <span className="mt-0.5 block whitespace-pre-line break-words pl-5 text-xs text-slate-700">
                      {format(m.checklist.note, { note: item.note })}
                    </span>
                  ) : null}
                </span>
                {editable ? (
                  <span
                    role="group"
                    aria-label={format(m.checklist.itemGroup, { label: item.label })}
                    className="flex gap-1"
                  >
                    {RESULTS.map((r) => {
                      const active = item.result === r;
                      return (
                        <button
                          key={r}
                          type="button"
                          aria-pressed={active}
                          disabled={tick.isPending && tick.variables?.item.id === item.id}
                          onClick={() => tick.mutate({ item, result: active ? 'PENDING' : r })}
                          className={`min-h-9 rounded-md border px-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:opacity-60 ${
                            active ? RESULT_STYLE[r] : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                          }`}
                        >
                          {m.checklist.result[r]}
                        </button>
                      );
                    })}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      )}
      <ErrorAlert error={tick.error} className="mt-2" />
    </Card>
  );
}
