'use client';

import type { TDraftVersion } from '@amms/contracts/drafts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime, punct } from '@/lib/format';
import { CitationLink, CitationList, dashboardCitation } from '../agent/answer-card';
import { skillMessages } from '../agent/skill-messages';
import { EvidenceCell } from './evidence-cell';

type Finding = { f: { code: string; message: string }; hard: boolean };

/**
 * The CORRECTIVE work order of a diagnosis, as the dispatcher reviews it before confirming:
 * machine, window, the likely causes ranked, the checks and parts taken from the manual (each
 * linked to the page it came from), the machine's history the diagnosis looked at, and findings.
 */
export function CorrectiveItemsCard({
  orgId,
  version,
  timeZone,
  findingsOf,
  findingText,
  stepTool,
}: {
  orgId: string;
  version: TDraftVersion;
  timeZone: string;
  findingsOf: (idx: number) => Finding[];
  findingText: (code: string, message: string) => string;
  stepTool: (step: number) => string | undefined;
}) {
  const m = useMessages(skillMessages);
  const { locale } = useI18n();
  const p = punct(locale);
  const href = dashboardCitation(orgId);
  return (
    <Card id="draft-corrective" title={format(m.correctiveTitle, { count: version.correctiveItems.length })}>
      <ol className="space-y-5">
        {version.correctiveItems.map((it, idx) => {
          const ev = version.evidence.find((e) => e.itemKey === it.itemKey);
          const findings = findingsOf(idx);
          return (
            <li key={it.itemKey} className="space-y-3" data-testid="corrective-item">
              <div>
                <h3 className="text-base font-semibold text-slate-900">{it.title}</h3>
                <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                  <span>
                    {m.machine}
                    {p.colon}
                    <span className="font-medium text-slate-900">{it.assetName ?? '—'}</span>
                    {it.modelName ? ` · ${it.modelName}` : ''}
                  </span>
                  <span>
                    {m.window}
                    {p.colon}
                    {formatDateTime(it.plannedStart, locale, timeZone)} –{' '}
                    {formatDateTime(it.plannedEnd, locale, timeZone)}
                    {p.open}
                    {format(m.hours, { h: it.estimatedHours })}
                    {p.close}
                  </span>
                  <Badge tone="amber">{format(m.priority, { p: it.priority })}</Badge>
                  {it.faultCode ? <Badge tone="red">{format(m.faultCode, { code: it.faultCode })}</Badge> : null}
                </p>
                <p className="mt-1 text-sm text-slate-700">{format(m.symptom, { text: it.symptom })}</p>
                {!it.manualEvidence ? (
                  <p className="mt-1 rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-950">{m.noManual}</p>
                ) : null}
              </div>
              {findings.length > 0 ? (
                <ul className="space-y-1 text-sm">
                  {findings.map(({ f, hard }, k) => (
                    <li key={k} className={hard ? 'text-red-800' : 'text-amber-900'}>
                      {hard ? '✗ ' : '⚠ '}
                      {findingText(f.code, f.message)}
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
                <div>
                  <h4 className="text-sm font-semibold text-slate-900">{m.causes}</h4>
                  <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-800">
                    {it.causes.map((c) => (
                      <li key={c.rank}>
                        {c.cause}
                        {c.citation ? (
                          <span className="ml-1 text-xs">
                            （<CitationLink citation={c.citation} href={href} />）
                          </span>
                        ) : null}
                      </li>
                    ))}
                  </ol>
                </div>
                <div>
                  <h4 className="text-sm font-semibold text-slate-900">{m.steps}</h4>
                  <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-800">
                    {it.checklist.map((s, k) => (
                      <li key={k}>
                        {s.label}
                        {s.citation ? (
                          <span className="ml-1 text-xs">
                            （<CitationLink citation={s.citation} href={href} />）
                          </span>
                        ) : null}
                      </li>
                    ))}
                  </ol>
                </div>
              </div>
              {it.parts.length > 0 ? (
                <div>
                  <h4 className="text-sm font-semibold text-slate-900">{m.parts}</h4>
                  <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-800">
                    {it.parts.map((p, k) => (
                      <li key={k}>
                        {p.name}
                        {p.partNumber ? ` · ${format(m.partNumber, { no: p.partNumber })}` : ''}
                        {p.citation ? (
                          <span className="ml-1 text-xs">
                            （<CitationLink citation={p.citation} href={href} />）
                          </span>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <CitationList citations={ev?.citations ?? it.citations} href={href} />
              {ev?.history ? (
                <div>
                  <h4 className="text-sm font-semibold text-slate-900">{m.history}</h4>
                  <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
                    <li>
                      {format(m.historyOrders, { n: ev.history.workOrders.length })}
                      {ev.history.workOrders.length > 0
                        ? `${p.colon}${ev.history.workOrders.map((w) => `#${w.number} ${w.title}`).join(p.list)}`
                        : ''}
                    </li>
                    {ev.history.failedChecks.length > 0 ? (
                      <li>
                        {m.historyFailed}
                        {p.colon}
                        {ev.history.failedChecks
                          .map(
                            (f) => `${f.label}${f.note ? `${p.open}${f.note}${p.close}` : ''} · #${f.workOrderNumber}`,
                          )
                          .join(p.list)}
                      </li>
                    ) : null}
                    {ev.history.meterReadings.length > 0 ? (
                      <li>
                        {m.historyMeters}
                        {p.colon}
                        {ev.history.meterReadings
                          .map((r) =>
                            format(m.meter, { h: r.readingHours, at: formatDateTime(r.readAt, locale, timeZone) }),
                          )
                          .join(p.list)}
                      </li>
                    ) : null}
                  </ul>
                </div>
              ) : null}
              <div className="text-xs text-slate-600">
                <EvidenceCell evidence={ev} stepTool={stepTool} />
              </div>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
