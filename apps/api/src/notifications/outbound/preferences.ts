import { NOTIFY_EVENTS, type TMemberChannel, type TNotifyEvent } from '@amms/contracts/notify-channels';
import type { TRole } from '@amms/contracts/permissions';
import { roleMay } from '../../platform/access/permission.js';

export type ChannelChoices = Record<TNotifyEvent, TMemberChannel[]>;

/** The events a channel can carry: the digest is an e-mail, everything else goes anywhere. */
export function channelCarries(event: TNotifyEvent, channel: TMemberChannel): boolean {
  return event !== 'DAILY_DIGEST' || channel === 'EMAIL';
}

/**
 * Before a member chooses: push for everything that concerns them; e-mail for approvals waiting and
 * the daily digest to those who approve costs (owners, admins, accountants).
 */
export function defaultChoices(role: TRole): ChannelChoices {
  const approves = roleMay(role, 'cost.approve');
  const out = {} as ChannelChoices;
  for (const event of NOTIFY_EVENTS) {
    const channels: TMemberChannel[] = [];
    if (channelCarries(event, 'PUSH')) channels.push('PUSH');
    if (approves && (event === 'COST_AWAITING_APPROVAL' || event === 'DAILY_DIGEST')) channels.push('EMAIL');
    out[event] = channels;
  }
  return out;
}

/** The stored choices over the defaults (an event the member never set keeps its default). */
export function effectiveChoices(role: TRole, stored: unknown): ChannelChoices {
  const out = defaultChoices(role);
  if (stored && typeof stored === 'object')
    for (const [event, channels] of Object.entries(stored as Record<string, unknown>))
      if ((NOTIFY_EVENTS as readonly string[]).includes(event) && Array.isArray(channels))
        out[event as TNotifyEvent] = [...new Set(channels)].filter(
          (c): c is TMemberChannel => (c === 'PUSH' || c === 'EMAIL') && channelCarries(event as TNotifyEvent, c),
        );
  return out;
}

function minutesOf(clock: string): number {
  const [h, m] = clock.split(':').map(Number);
  return h! * 60 + m!;
}

/** The local wall-clock minute of the day in `timeZone`. */
export function localMinute(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, p) => ((acc[p.type] = p.value), acc), {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/** The local calendar date (YYYY-MM-DD) in `timeZone`. */
export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * When a message may go out: `at` itself, or the end of the member's quiet hours when `at` falls
 * inside them (start inclusive, end exclusive; 22:00–07:00 spans midnight). Read in the member's
 * zone (else the org's).
 */
export function notBefore(at: Date, quiet: { start: string | null; end: string | null }, timeZone: string): Date {
  if (!quiet.start || !quiet.end) return at;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return at;
  const now = localMinute(at, timeZone);
  const inside = start < end ? now >= start && now < end : now >= start || now < end;
  if (!inside) return at;
  const wait = (end - now + 1440) % 1440;
  const flat = new Date(at.getTime() + wait * 60_000);
  flat.setUTCSeconds(0, 0);
  return flat;
}
