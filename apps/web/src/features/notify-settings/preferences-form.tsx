'use client';

import {
  MEMBER_CHANNELS,
  NOTIFY_EVENTS,
  type TMemberChannel,
  type TNotificationPreferences,
  type TNotifyEvent,
} from '@amms/contracts/notify-channels';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { messages } from './messages';
import { preferencesQuery, subscribeThisDevice, useSavePreferences } from './queries';

const carries = (e: TNotifyEvent, c: TMemberChannel) => e !== 'DAILY_DIGEST' || c === 'EMAIL';

/** The event × channel grid, quiet hours and this device's push, for the signed-in member. */
export function PreferencesForm({ orgId }: { orgId: string }) {
  const q = useQuery(preferencesQuery(orgId));
  if (!q.data) return null;
  return <Loaded orgId={orgId} prefs={q.data} />;
}

function Loaded({ orgId, prefs }: { orgId: string; prefs: TNotificationPreferences }) {
  const m = useMessages(messages);
  const save = useSavePreferences(orgId);
  const [channels, setChannels] = useState(prefs.channels);
  const [quiet, setQuiet] = useState({ start: prefs.quietStart ?? '', end: prefs.quietEnd ?? '' });
  const [push, setPush] = useState<string | null>(null);
  const toggle = (e: TNotifyEvent, c: TMemberChannel) =>
    setChannels((cur) => {
      const list = cur[e] ?? [];
      return { ...cur, [e]: list.includes(c) ? list.filter((x) => x !== c) : [...list, c] };
    });
  const submit = () =>
    save.mutate({
      channels,
      quietStart: quiet.start && quiet.end ? quiet.start : null,
      quietEnd: quiet.start && quiet.end ? quiet.end : null,
    });
  const enablePush = async () => {
    const r = await subscribeThisDevice(orgId).catch(() => 'UNSUPPORTED' as const);
    setPush(r === 'ON' ? m.pushOn : r === 'DENIED' ? m.pushDenied : m.pushUnsupported);
  };
  return (
    <div className="space-y-6">
      <section aria-labelledby="notify-grid">
        <table className="w-full max-w-2xl text-sm" id="notify-grid">
          <thead>
            <tr className="text-left">
              <th className="py-2">{m.event}</th>
              {MEMBER_CHANNELS.map((c) => (
                <th key={c} className="py-2">
                  {m.channels[c]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFY_EVENTS.map((e) => (
              <tr key={e} className="border-t">
                <td className="py-2">{m.events[e]}</td>
                {MEMBER_CHANNELS.map((c) => (
                  <td key={c} className="py-2">
                    {carries(e, c) ? (
                      <input
                        type="checkbox"
                        aria-label={`${m.events[e]} · ${m.channels[c]}`}
                        checked={(channels[e] ?? []).includes(c)}
                        onChange={() => toggle(e, c)}
                      />
                    ) : (
                      '—'
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <fieldset className="max-w-2xl space-y-2">
        <legend className="font-medium">{m.quietTitle}</legend>
        <p className="text-sm text-slate-600">{m.quietHint}</p>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <label className="flex items-center gap-2">
            {m.quietStart}
            <input type="time" value={quiet.start} onChange={(ev) => setQuiet({ ...quiet, start: ev.target.value })} />
          </label>
          <label className="flex items-center gap-2">
            {m.quietEnd}
            <input type="time" value={quiet.end} onChange={(ev) => setQuiet({ ...quiet, end: ev.target.value })} />
          </label>
          <Button type="button" variant="secondary" onClick={() => setQuiet({ start: '', end: '' })}>
            {m.quietOff}
          </Button>
          <span>
            {m.timeZone}: {prefs.timeZone}
          </span>
        </div>
      </fieldset>
      <div className="flex items-center gap-3">
        <Button type="button" onClick={submit} disabled={save.isPending}>
          {m.save}
        </Button>
        {save.isSuccess ? <span role="status">{m.saved}</span> : null}
        {save.error ? (
          <span role="alert" className="text-red-800">
            {save.error.message}
          </span>
        ) : null}
      </div>
      <section className="max-w-2xl space-y-2">
        <h2 className="font-medium">{m.pushTitle}</h2>
        <p className="text-sm">{format(m.pushDevices, { count: prefs.pushDevices })}</p>
        <Button type="button" variant="secondary" onClick={() => void enablePush()}>
          {m.pushEnable}
        </Button>
        {push ? <p role="status">{push}</p> : null}
      </section>
    </div>
  );
}
