'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime, formatNumber } from '@/lib/format';
import { orgPath } from '@/lib/nav';
import { assetTelematicsQuery } from './api';
import { telematicsMessages } from './messages';

const linkClass = 'text-emerald-800 underline-offset-2 hover:underline';

/**
 * The machine page's telematics card: where the hours come from (terminal or typed, flagged
 * readings, a disagreement), the last position, fuel per engine hour, and the active fault codes
 * with the work order the agent suggests for each (its draft, once diagnosed).
 */
export function AssetTelematics({ orgId, assetId, timeZone }: { orgId: string; assetId: string; timeZone: string }) {
  const m = useMessages(telematicsMessages);
  const { locale } = useI18n();
  const q = useQuery(assetTelematicsQuery(orgId, assetId));
  const s = q.data;
  const when = (iso: string) => formatDateTime(iso, locale, timeZone);
  const n = (x: number) => formatNumber(x, locale);
  const empty = s && !s.lastPosition && !s.latestTelematicsHours && s.activeFaults.length === 0 && !s.fuel30d;
  return (
    <Card id="asset-telematics" title={m.title}>
      {/* busy until the first answer: a reader (and a test waiting for the page to settle) knows more is coming */}
      <div aria-busy={q.isPending}>
        {!s ? null : empty ? (
          <p className="text-sm text-slate-600">{m.empty}</p>
        ) : (
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-medium text-slate-700">{m.hoursSource}</dt>
              <dd data-testid="telematics-hours">
                {s.latestTelematicsHours
                  ? format(m.hoursFromTerminal, {
                      hours: n(s.latestTelematicsHours.hours),
                      at: when(s.latestTelematicsHours.at),
                    })
                  : m.hoursTyped}
                {s.latestTelematicsHours?.flagCode ? (
                  <span className="block text-amber-800">
                    {format(m.hoursFlagged, { code: s.latestTelematicsHours.flagCode })}
                  </span>
                ) : null}
                {s.meterDisagreement ? (
                  <span role="status" className="block text-amber-800">
                    {format(m.disagreement, {
                      operator: n(s.meterDisagreement.operatorHours),
                      terminal: n(s.meterDisagreement.telematicsHours),
                      diff: n(s.meterDisagreement.differenceHours),
                      threshold: n(s.meterDisagreement.thresholdHours),
                    })}
                  </span>
                ) : null}
                {s.flaggedReadings30d > 0 ? (
                  <span className="block text-slate-600">{format(m.flagged30d, { n: s.flaggedReadings30d })}</span>
                ) : null}
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-700">{m.lastPosition}</dt>
              <dd data-testid="telematics-position">
                {s.lastPosition ? (
                  <>
                    {s.lastPosition.latitude.toFixed(5)}, {s.lastPosition.longitude.toFixed(5)} ·{' '}
                    {when(s.lastPosition.at)}{' '}
                    <Link href={orgPath(orgId, 'map')} className={linkClass}>
                      {m.onMap}
                    </Link>
                  </>
                ) : (
                  m.noPosition
                )}
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-700">{m.fuel}</dt>
              <dd>
                {s.fuel30d
                  ? format(m.fuelValue, {
                      litres: n(s.fuel30d.litres),
                      hours: n(s.fuel30d.engineHours),
                      rate: n(s.fuel30d.litresPerHour),
                    })
                  : m.noFuel}
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="font-medium text-slate-700">{m.faults}</dt>
              <dd>
                {s.activeFaults.length === 0 ? (
                  m.noFaults
                ) : (
                  <ul className="divide-y divide-slate-100" data-testid="telematics-faults">
                    {s.activeFaults.map((f) => (
                      <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                        <span>
                          <span className="font-mono font-semibold text-red-800">{f.code}</span>{' '}
                          <span className="text-slate-600">{format(m.since, { at: when(f.firstSeenAt) })}</span>
                        </span>
                        {f.diagnosis?.draftId ? (
                          <Link href={orgPath(orgId, `drafts/${f.diagnosis.draftId}`)} className={linkClass}>
                            {m.suggested}
                          </Link>
                        ) : f.diagnosis ? null : (
                          <span className="text-slate-500">{m.diagnosing}</span>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          </dl>
        )}
      </div>
    </Card>
  );
}
