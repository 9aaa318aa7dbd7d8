'use client';

import type { TAgentRun, TDraftDetail, TDraftItem, TDraftVersion } from '@amms/contracts/drafts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { HeadRow } from '@/components/ui/list';
import { Empty } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime, punct } from '@/lib/format';
import { enumLabels, priorityText } from '@/lib/labels';
import { jobName, machineSetName } from './diff';
import { CorrectiveItemsCard } from './corrective-items';
import { LeaveItemsCard } from './leave-items';
import { PurchaseLinesCard } from './purchase-lines';
import { EvidenceCell, EvidenceSteps, sharedSteps } from './evidence-cell';
import { labelMessages } from '@/lib/draft-labels';
import { draftMessages } from './messages';

type Props = {
  orgId: string;
  draft: TDraftDetail;
  version: TDraftVersion;
  run: TAgentRun | undefined;
  editable: boolean;
  timeZone: string;
  onEdit: (item: TDraftItem) => void;
};

/**
 * The version's content: its items (jobs with machines, operator, time, evidence and the
 * validator's findings; work orders for a maintenance draft) and what could not be placed.
 */
export function DraftItems({ orgId, draft, version, run, editable, timeZone, onEdit }: Props) {
  const m = useMessages(draftMessages);
  const labels = useMessages(enumLabels);
  const l = useMessages(labelMessages);
  const { locale } = useI18n();
  const op = (t: string) => (l.operationType as Record<string, string>)[t] ?? t;
  const violations = version.validation.violations;
  const warnings = version.validation.warnings;
  // a double booking is shown on both rows: the one flagged and the one it collides with (often the edited one)
  const findingsOf = (idx: number) => [
    ...violations
      .filter((f) => f.itemIndex === idx || f.otherItemIndex === idx)
      .map((f) => ({ f, hard: true, other: f.itemIndex === idx ? f.otherItemIndex : f.itemIndex })),
    ...warnings
      .filter((f) => f.itemIndex === idx)
      .map((f) => ({ f, hard: false, other: undefined as number | undefined })),
  ];
  const findingText = (code: string, message: string) => (l.finding as Record<string, string>)[code] ?? message;
  const reasonText = (code: string, detail: string) => (l.unplacedReason as Record<string, string>)[code] ?? detail;
  const stepTool = (step: number) => run?.steps.find((s) => s.step === step)?.tool;
  const evidenceOf = (itemKey: string) => version.evidence.find((e) => e.itemKey === itemKey);
  const shared = sharedSteps(
    version.evidence,
    version.items.map((i) => i.itemKey),
  );

  // a purchase: its lines per supplier, nothing placed or unplaced
  if (draft.kind === 'PURCHASE') return <PurchaseLinesCard version={version} />;
  // a leave: who and which days, nothing placed
  if (draft.kind === 'LEAVE') return <LeaveItemsCard version={version} />;

  return (
    <>
      {version.correctiveItems.length > 0 ? (
        <CorrectiveItemsCard
          orgId={orgId}
          version={version}
          timeZone={timeZone}
          findingsOf={findingsOf}
          findingText={findingText}
          stepTool={stepTool}
        />
      ) : null}

      {version.correctiveItems.length > 0 && version.workOrderItems.length === 0 ? null : draft.kind === 'SCHEDULE' ? (
        <Card id="draft-items" title={format(m.itemsTitle, { count: version.items.length })}>
          {version.items.length === 0 ? (
            <Empty>{m.noItems}</Empty>
          ) : (
            <div className="relative overflow-x-auto">
              {shared ? (
                <div className="mb-2 text-xs text-slate-700" data-testid="shared-evidence">
                  <p className="font-medium text-slate-800">{m.evidenceShared}</p>
                  <EvidenceSteps steps={shared} stepTool={stepTool} />
                </div>
              ) : null}
              <table className="w-full min-w-[56rem] text-left text-sm">
                <thead className="border-b border-slate-200 text-xs text-slate-600">
                  <HeadRow
                    className="py-2 pr-3 font-semibold"
                    cells={[
                      m.colJob,
                      m.colMachines,
                      m.colOperator,
                      m.colTime,
                      m.colEvidence,
                      m.colFindings,
                      ...(editable ? [{ label: m.colActions, className: 'py-2 font-semibold' }] : []),
                    ]}
                  />
                </thead>
                <tbody className="divide-y divide-slate-100 align-top">
                  {version.items.map((i, idx) => {
                    const findings = findingsOf(idx);
                    const ev = evidenceOf(i.itemKey);
                    const name = jobName(i, op);
                    return (
                      <tr key={i.itemKey} id={`item-${i.jobId}`} className="scroll-mt-20 target:bg-sky-50">
                        <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                          {name}
                          {i.job ? (
                            <span className="block text-xs font-normal text-slate-600">
                              {i.job.fieldName} · {op(i.job.operationType)} ·{' '}
                              {format(m.priority, { p: priorityText(labels, i.job.priority) })}
                            </span>
                          ) : null}
                        </th>
                        <td className="py-2 pr-3 text-slate-800">{machineSetName(i)}</td>
                        <td className="py-2 pr-3 text-slate-800">{i.operatorName ?? '—'}</td>
                        <td className="whitespace-nowrap py-2 pr-3 text-slate-800">
                          {formatDateTime(i.startsAt, locale, timeZone)}
                          <span className="block">– {formatDateTime(i.endsAt, locale, timeZone)}</span>
                        </td>
                        <td className="py-2 pr-3 text-xs text-slate-700">
                          {shared && ev && !ev.edit ? (
                            m.evidenceSameAsAbove
                          ) : (
                            <EvidenceCell evidence={ev} stepTool={stepTool} />
                          )}
                        </td>
                        <td className="py-2 pr-3 text-xs">
                          {findings.length === 0 ? (
                            <span className="text-slate-600">{m.none}</span>
                          ) : (
                            <ul className="space-y-1">
                              {findings.map(({ f, hard, other }, k) => (
                                <li key={k} className={hard ? 'text-red-800' : 'text-amber-900'} title={f.message}>
                                  {hard ? '✗ ' : '⚠ '}
                                  {findingText(f.code, f.message)}
                                  {other !== undefined && version.items[other]
                                    ? format(m.collidesWith, { job: jobName(version.items[other], op) })
                                    : null}
                                </li>
                              ))}
                            </ul>
                          )}
                        </td>
                        {editable ? (
                          <td className="py-2">
                            <Button size="sm" variant="secondary" onClick={() => onEdit(i)}>
                              {m.edit}
                              <span className="sr-only">
                                {punct(locale).colon}
                                {name}
                              </span>
                            </Button>
                          </td>
                        ) : null}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      ) : (
        <Card id="draft-wo-items" title={format(m.workOrderItems, { count: version.workOrderItems.length })}>
          {version.workOrderItems.length === 0 ? (
            <Empty>{m.noItems}</Empty>
          ) : (
            <div className="relative overflow-x-auto">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <thead className="border-b border-slate-200 text-xs text-slate-600">
                  <HeadRow
                    className="py-2 pr-3 font-semibold"
                    lastClassName="py-2 font-semibold"
                    cells={[m.colPlan, m.colMachines, m.colDue, m.colTime, m.colFindings]}
                  />
                </thead>
                <tbody className="divide-y divide-slate-100 align-top">
                  {version.workOrderItems.map((w, idx) => {
                    const findings = findingsOf(idx);
                    return (
                      <tr key={w.itemKey}>
                        <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                          {w.planName}
                        </th>
                        <td className="py-2 pr-3">{w.assetName ?? '—'}</td>
                        <td className="py-2 pr-3">
                          <Badge tone={w.dueStatus === 'OVERDUE' ? 'red' : 'amber'}>{w.dueStatus}</Badge>
                        </td>
                        <td className="whitespace-nowrap py-2 pr-3">
                          {formatDateTime(w.plannedStart, locale, timeZone)} –{' '}
                          {formatDateTime(w.plannedEnd, locale, timeZone)}
                        </td>
                        <td className="py-2 text-xs">
                          {findings.length === 0
                            ? m.none
                            : findings.map(({ f, hard }, k) => (
                                <p key={k} className={hard ? 'text-red-800' : 'text-amber-900'}>
                                  {findingText(f.code, f.message)}
                                </p>
                              ))}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      )}

      {version.correctiveItems.length > 0 && version.unplacedWorkOrders.length === 0 ? null : draft.kind ===
        'SCHEDULE' ? (
        <Card id="draft-unplaced" title={format(m.unplacedTitle, { count: version.unplaced.length })}>
          {version.unplaced.length === 0 ? (
            <p className="text-sm text-slate-700">{m.noUnplaced}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {version.unplaced.map((u) => (
                <li key={u.jobId} className="py-2">
                  <p className="font-medium text-slate-900">{jobName(u, op)}</p>
                  <p className="text-slate-700">
                    <Badge tone="amber">{reasonText(u.reason, u.reason)}</Badge>
                  </p>
                  <p className="mt-0.5 text-xs text-slate-600">{u.detail}</p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : (
        <Card id="draft-unplaced-wo" title={format(m.unplacedWo, { count: version.unplacedWorkOrders.length })}>
          {version.unplacedWorkOrders.length === 0 ? (
            <p className="text-sm text-slate-700">{m.noUnplaced}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {version.unplacedWorkOrders.map((u) => (
                <li key={`${u.planId}-${u.assetId}`} className="py-2">
                  <p className="font-medium text-slate-900">
                    {u.planName} · {u.assetName ?? '—'}
                  </p>
                  <Badge tone="amber">{reasonText(u.reason, u.reason)}</Badge>
                  <p className="mt-0.5 text-xs text-slate-600">{u.detail}</p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
    </>
  );
}
