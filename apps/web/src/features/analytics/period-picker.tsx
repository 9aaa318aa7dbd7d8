'use client';

import { MAX_PERIOD_DAYS } from '@amms/contracts/analytics';
import { useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { daysBetween } from '@/lib/zoned-time';
import { analyticsMessages } from './messages';
import { replaceQuery } from '@/lib/url-query';
import { PERIOD_PRESETS, readPeriod, writePeriod, type Period } from './period';

/** The period of the URL (`?period=` or `?from=&to=`), read in the org's time zone. */
export function usePeriod(timeZone: string): Period {
  const params = useSearchParams();
  const qs = params.toString();
  return useMemo(() => readPeriod(new URLSearchParams(qs), timeZone), [qs, timeZone]);
}

export function PeriodPicker({ period }: { period: Period }) {
  const m = useMessages(analyticsMessages);
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setFrom(period.from);
    setTo(period.to);
  }, [period.from, period.to]);

  const current = () => new URLSearchParams(window.location.search);
  const applyCustom = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return setError(m.period.invalid);
    const days = daysBetween(from, to);
    if (days < 1) return setError(m.period.fromAfterTo);
    if (days > MAX_PERIOD_DAYS) return setError(format(m.period.tooLong, { days: MAX_PERIOD_DAYS }));
    setError(null);
    replaceQuery(writePeriod(current(), { from, to }));
  };

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <div role="group" aria-labelledby="period-presets-label" className="min-w-0">
          <p id="period-presets-label" className="mb-1 text-sm font-medium text-slate-800">
            {m.period.label}
          </p>
          <div className="flex flex-wrap gap-1.5">
            {PERIOD_PRESETS.map((p) => (
              <Button
                key={p}
                size="sm"
                variant={period.preset === p ? 'primary' : 'secondary'}
                aria-pressed={period.preset === p}
                onClick={() => replaceQuery(writePeriod(current(), { preset: p }))}
              >
                {m.period.presets[p]}
              </Button>
            ))}
          </div>
        </div>
        <form noValidate onSubmit={applyCustom} aria-label={m.period.custom} className="flex flex-wrap items-end gap-2">
          <TextField
            label={m.period.from}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className="w-40"
          />
          <TextField
            label={m.period.to}
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            className="w-40"
          />
          <Button type="submit" size="md" variant={period.preset === 'custom' ? 'primary' : 'secondary'}>
            {m.period.apply}
          </Button>
        </form>
      </div>
      <p role="status" className="mt-3 text-sm text-slate-600">
        {format(m.period.showing, { from: period.from, to: period.to, days: daysBetween(period.from, period.to) })}
      </p>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
