'use client';

import { BOT_KINDS, NOTIFY_EVENTS, type TBotKind, type TNotifyEvent } from '@amms/contracts/notify-channels';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useMessages } from '@/i18n/messages';
import { messages } from './messages';
import { botsQuery, useBotWrites } from './queries';

/** Admins: the org's and teams' group bots (WeCom, DingTalk, Feishu), per event. */
export function BotsAdmin({ orgId }: { orgId: string }) {
  const m = useMessages(messages);
  const list = useQuery(botsQuery(orgId));
  const w = useBotWrites(orgId);
  const [form, setForm] = useState({ kind: 'WECOM' as TBotKind, name: '', url: '', secret: '', teamId: '' });
  const [events, setEvents] = useState<TNotifyEvent[]>(['MACHINE_DOWN']);
  const add = () =>
    w.add.mutate(
      {
        kind: form.kind,
        name: form.name,
        url: form.url,
        secret: form.secret || null,
        teamId: form.teamId || null,
        events,
      },
      { onSuccess: () => setForm({ ...form, name: '', url: '', secret: '' }) },
    );
  const error = w.add.error ?? w.remove.error ?? w.test.error;
  return (
    <section className="max-w-3xl space-y-3" aria-labelledby="bots-title">
      <h2 id="bots-title" className="font-medium">
        {m.botsTitle}
      </h2>
      <p className="text-sm text-slate-600">{m.botsIntro}</p>
      {list.data?.items.length === 0 ? <p className="text-sm">{m.botsEmpty}</p> : null}
      <ul className="space-y-2">
        {list.data?.items.map((b) => (
          <li key={b.id} className="flex flex-wrap items-center gap-2 rounded border p-2 text-sm">
            <Badge>{m.kinds[b.kind]}</Badge>
            <span className="font-medium">{b.name}</span>
            <span className="break-all text-slate-600">{b.urlHint}</span>
            {b.signed ? <Badge>{m.signed}</Badge> : null}
            <span>{b.events.map((e) => m.events[e]).join('、')}</span>
            <Button type="button" variant="secondary" onClick={() => w.test.mutate(b.id)}>
              {m.botTest}
            </Button>
            <Button type="button" variant="secondary" onClick={() => w.remove.mutate(b.id)}>
              {m.botRemove}
            </Button>
          </li>
        ))}
      </ul>
      {w.test.isSuccess ? <p role="status">{m.botTested}</p> : null}
      <div className="grid gap-2 text-sm sm:grid-cols-2">
        <label className="flex flex-col gap-1">
          {m.botKind}
          <select value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as TBotKind })}>
            {BOT_KINDS.map((k) => (
              <option key={k} value={k}>
                {m.kinds[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          {m.botName}
          <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </label>
        <label className="flex flex-col gap-1 sm:col-span-2">
          {m.botUrl}
          <input type="url" value={form.url} onChange={(e) => setForm({ ...form, url: e.target.value })} />
        </label>
        <label className="flex flex-col gap-1">
          {m.botSecret}
          <input value={form.secret} onChange={(e) => setForm({ ...form, secret: e.target.value })} />
        </label>
        <label className="flex flex-col gap-1">
          {m.botTeam}
          <input value={form.teamId} onChange={(e) => setForm({ ...form, teamId: e.target.value })} />
        </label>
        <fieldset className="flex flex-wrap gap-3 sm:col-span-2">
          {NOTIFY_EVENTS.filter((e) => e !== 'DAILY_DIGEST').map((e) => (
            <label key={e} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={events.includes(e)}
                onChange={() => setEvents((cur) => (cur.includes(e) ? cur.filter((x) => x !== e) : [...cur, e]))}
              />
              {m.events[e]}
            </label>
          ))}
        </fieldset>
      </div>
      <Button type="button" onClick={add} disabled={w.add.isPending || !form.name || !form.url || events.length === 0}>
        {m.botAdd}
      </Button>
      {error ? (
        <p role="alert" className="text-red-800">
          {error.message}
        </p>
      ) : null}
    </section>
  );
}
