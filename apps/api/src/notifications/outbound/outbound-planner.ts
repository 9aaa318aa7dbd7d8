import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { TNotifyEvent } from '@amms/contracts/notify-channels';
import type { TRole } from '@amms/contracts/permissions';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { enqueueOutbox } from '../../platform/outbox/outbox.service.js';
import { affectedJobsLine, langOf, linkOf, titleOf } from './messages.js';
import { OutboundRepository, type NewDelivery } from './outbound.repository.js';
import { effectiveChoices, notBefore } from './preferences.js';

/** One member told of the event, with the row's label as they may read it. */
export interface OutboundRecipient {
  membershipId: string;
  label: string | null;
  /** a machine that went down: how many of their jobs it affects */
  jobCount?: number;
  /** the digest's lines */
  lines?: string[];
}

export interface OutboundEvent {
  organizationId: string;
  event: TNotifyEvent;
  /** what makes a message unique with its channel and target: the domain event's id, `job-tomorrow:<id>:<date>`… */
  sourceKey: string;
  resourceType: string;
  resourceId: string | null;
  recipients: OutboundRecipient[];
  /** tell the group bots configured for this event too */
  group: boolean;
}

const hostOfUrl = (u: string) => {
  try {
    return new URL(u).host;
  } catch {
    return '?';
  }
};

/**
 * Turns one event into delivery rows, one per member × chosen channel × device (push) and one
 * per group bot, each with its outbox row (`notification.deliver`, available at the end of the
 * member's quiet hours). A repeated plan (a retried job) adds nothing: the dedupe key is unique.
 */
@Injectable()
export class OutboundPlanner {
  constructor(
    private readonly repo: OutboundRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private link(path: string | null): string | null {
    if (!path) return null;
    return this.config.notify.appUrl ? `${this.config.notify.appUrl}${path}` : path;
  }

  async plan(e: OutboundEvent, now = new Date()): Promise<{ planned: number }> {
    const { organizationId: org, event } = e;
    const cfg = this.config.notify;
    const rows: NewDelivery[] = [];
    const path = e.resourceId ? linkOf(org, e.resourceType, e.resourceId) : linkOf(org, 'notifications', '');
    const byMember = new Map(e.recipients.map((r) => [r.membershipId, r]));
    const members = await this.repo.recipients(org, [...byMember.keys()]);
    const ids = members.map((m) => m.id);
    const prefs = new Map((await this.repo.preferences(org, ids)).map((p) => [p.membershipId, p]));
    const subs = cfg.vapid ? await this.repo.pushSubscriptions(org, ids) : [];
    for (const m of members) {
      const r = byMember.get(m.id)!;
      const pref = prefs.get(m.id);
      const choices = effectiveChoices(m.role as TRole, pref?.channels)[event];
      if (choices.length === 0) continue;
      const lang = langOf(m.user.locale);
      const zone = pref?.timeZone ?? m.organization.timezone;
      const at = notBefore(now, { start: pref?.quietStart ?? null, end: pref?.quietEnd ?? null }, zone);
      const body = [r.label, affectedJobsLine(r.jobCount ?? 0, lang), ...(r.lines ?? [])].filter(Boolean).join('\n');
      const base = {
        organizationId: org,
        event,
        recipientMembershipId: m.id,
        channelId: null,
        title: titleOf(event, lang),
        body,
        link: this.link(path),
        notBefore: at,
      };
      if (choices.includes('PUSH'))
        for (const s of subs.filter((x) => x.membershipId === m.id))
          rows.push({
            ...base,
            id: randomUUID(),
            channel: 'PUSH',
            dedupeKey: `${e.sourceKey}|PUSH|${s.id}`,
            pushSubscriptionId: s.id,
            target: hostOfUrl(s.endpoint),
          });
      if (choices.includes('EMAIL') && cfg.smtp)
        rows.push({
          ...base,
          id: randomUUID(),
          channel: 'EMAIL',
          dedupeKey: `${e.sourceKey}|EMAIL|${m.id}`,
          pushSubscriptionId: null,
          target: m.user.email,
        });
    }
    if (e.group) rows.push(...(await this.groupRows(e, path, now)));
    const created = await this.repo.transaction(async (tx) => {
      const fresh = await this.repo.insertDeliveries(tx, rows);
      for (const d of fresh)
        await enqueueOutbox(
          tx,
          org,
          'notification.deliver',
          { organizationId: org, deliveryId: d.id },
          d.notBefore > now ? { availableAt: d.notBefore } : {},
        );
      return fresh.length;
    });
    return { planned: created };
  }

  /** The bots of the org, and of the resource's team, configured for the event. */
  private async groupRows(e: OutboundEvent, path: string, now: Date): Promise<NewDelivery[]> {
    const bots = await this.repo.botsFor(e.organizationId, e.event);
    if (bots.length === 0) return [];
    const team = e.resourceId ? await this.repo.teamOf(e.organizationId, e.resourceType, e.resourceId) : null;
    const label = e.resourceId ? await this.repo.groupLabel(e.organizationId, e.resourceType, e.resourceId) : null;
    return bots
      .filter((b) => b.teamId === null || b.teamId === team)
      .map((b) => ({
        id: randomUUID(),
        organizationId: e.organizationId,
        event: e.event,
        channel: b.kind,
        dedupeKey: `${e.sourceKey}|BOT|${b.id}`,
        recipientMembershipId: null,
        pushSubscriptionId: null,
        channelId: b.id,
        target: hostOfUrl(b.url),
        title: titleOf(e.event, 'zh', true),
        body: label ?? '',
        link: this.link(path),
        notBefore: now,
      }));
  }
}
