import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { TBotKind } from '@amms/contracts/notify-channels';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { enqueueOutbox } from '../../platform/outbox/outbox.service.js';
import { backoffMs } from '../../platform/http/backoff.js';
import { postWebhook } from '../../platform/http/webhook-sender.js';
import { botAccepted, botRequest } from './bot-formats.js';
import { Mailer } from './mailer.js';
import { OutboundRepository } from './outbound.repository.js';
import { pushRetryable, sendPush, subscriptionGone } from './web-push.js';

export interface OutboundOutcome {
  deliveryId: string;
  status: 'SENT' | 'RETRYING' | 'FAILED' | 'SKIPPED' | 'DONE_ALREADY' | 'MISSING';
  reason?: string;
}

/** One attempt's result, whatever the channel. */
interface Attempt {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  retryable: boolean;
  /** the push service forgot the subscription (404 / 410) */
  gone?: boolean;
}

/**
 * The worker side of a message: one attempt per call, re-reading everything (the delivery, the
 * member still ACTIVE, the subscription or bot still there, the thing still waiting). A failed
 * attempt that may succeed later writes the next one as an outbox row after a backoff; the row
 * keeps the count, the last status and error: the audit of what was sent to whom.
 */
@Injectable()
export class OutboundDeliverer implements OnModuleDestroy {
  private readonly mailer: Mailer;

  constructor(
    private readonly repo: OutboundRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.mailer = new Mailer(config.notify.smtp);
  }

  onModuleDestroy(): void {
    this.mailer.close();
  }

  async deliver(organizationId: string, deliveryId: string): Promise<OutboundOutcome> {
    const d = await this.repo.findDelivery(organizationId, deliveryId);
    if (!d) return { deliveryId, status: 'MISSING' };
    if (d.status !== 'PENDING' && d.status !== 'RETRYING') return { deliveryId, status: 'DONE_ALREADY' };
    const stale = await this.staleReason(d);
    if (stale) return this.finish(d, { status: 'SKIPPED', lastError: stale }, stale);

    let attempt: Attempt;
    const net = { timeoutMs: this.config.webhooks.timeoutMs, allowHosts: this.config.webhooks.allowHosts };
    if (d.channel === 'PUSH') {
      const sub = d.pushSubscriptionId ? await this.repo.pushSubscription(organizationId, d.pushSubscriptionId) : null;
      if (!sub) return this.finish(d, { status: 'SKIPPED', lastError: 'SUBSCRIPTION_GONE' }, 'SUBSCRIPTION_GONE');
      if (!this.config.notify.vapid)
        return this.finish(d, { status: 'SKIPPED', lastError: 'PUSH_NOT_CONFIGURED' }, 'PUSH_NOT_CONFIGURED');
      const r = await sendPush(
        this.config.notify.vapid,
        sub,
        { title: d.title, body: d.body, link: d.link, tag: `${d.event}-${d.id}` },
        net,
      );
      attempt = {
        ok: r.ok,
        statusCode: r.statusCode,
        error: r.ok ? null : (r.error ?? r.responseExcerpt ?? `HTTP ${r.statusCode}`),
        retryable: pushRetryable(r),
        gone: subscriptionGone(r.statusCode),
      };
      if (attempt.gone) await this.repo.dropSubscription(organizationId, sub.id);
      else if (r.ok) await this.repo.touchSubscription(organizationId, sub.id, new Date());
    } else if (d.channel === 'EMAIL') {
      const text = [d.body, d.link].filter(Boolean).join('\n\n');
      attempt = await this.mailer.send(d.target, d.title, text);
    } else {
      const bot = d.channelId ? await this.repo.bot(organizationId, d.channelId) : null;
      if (!bot || bot.deletedAt || !bot.enabled)
        return this.finish(d, { status: 'SKIPPED', lastError: 'CHANNEL_REMOVED' }, 'CHANNEL_REMOVED');
      const req = botRequest(bot.kind as TBotKind, bot.url, bot.secret, d, new Date());
      const r = await postWebhook(req.url, {}, req.body, net);
      const accepted = r.ok ? botAccepted(bot.kind as TBotKind, r.responseExcerpt) : { ok: false, error: r.error };
      attempt = {
        ok: accepted.ok,
        statusCode: r.statusCode,
        error: accepted.ok ? null : (accepted.error ?? `HTTP ${r.statusCode}`),
        retryable: !r.refused,
      };
    }
    return this.record(d, attempt);
  }

  /** Why the message need not go any more (the member left, the draft or cost no longer waits). */
  private async staleReason(d: {
    organizationId: string;
    recipientMembershipId: string | null;
    event: string;
    link: string | null;
    dedupeKey: string;
  }) {
    const org = d.organizationId;
    if (d.recipientMembershipId) {
      const m = await this.repo.memberStatus(org, d.recipientMembershipId);
      if (m?.status !== 'ACTIVE') return 'RECIPIENT_INACTIVE';
    }
    const id = /([0-9a-f-]{36})$/.exec(d.link ?? '')?.[1];
    if (d.event === 'DRAFT_AWAITING_CONFIRMATION' && id) {
      const draft = await this.repo.draft(org, id);
      if (draft?.status !== 'OPEN') return 'NO_LONGER_WAITING';
    }
    if (d.event === 'COST_AWAITING_APPROVAL' && id) {
      const cost = await this.repo.costStatus(org, id);
      if (cost?.status !== 'SUBMITTED') return 'NO_LONGER_WAITING';
    }
    return null;
  }

  private async record(
    d: { id: string; organizationId: string; attempts: number },
    a: Attempt,
  ): Promise<OutboundOutcome> {
    const { maxAttempts, retryBaseMs } = this.config.notify;
    const attempts = d.attempts + 1;
    const base = { attempts, statusCode: a.statusCode, lastError: a.error?.slice(0, 500) ?? null };
    if (a.ok) return this.finish(d, { ...base, status: 'SENT', sentAt: new Date() });
    if (a.retryable && !a.gone && attempts < maxAttempts) {
      const next = new Date(Date.now() + backoffMs(retryBaseMs, attempts));
      return this.repo.transaction(async (tx) => {
        const moved = await this.repo.moveDelivery(tx, d.id, d.attempts, {
          ...base,
          status: 'RETRYING',
          notBefore: next,
        });
        if (moved.count === 1)
          await enqueueOutbox(
            tx,
            d.organizationId,
            'notification.deliver',
            { organizationId: d.organizationId, deliveryId: d.id },
            { availableAt: next },
          );
        return { deliveryId: d.id, status: 'RETRYING' as const };
      });
    }
    const reason = a.gone ? 'SUBSCRIPTION_GONE' : a.retryable ? 'MAX_ATTEMPTS' : 'REFUSED';
    return this.finish(
      d,
      { ...base, status: 'FAILED', lastError: `${reason}: ${a.error ?? ''}`.slice(0, 500) },
      reason,
    );
  }

  private async finish(
    d: { id: string; attempts: number },
    data: { status: 'SENT' | 'FAILED' | 'SKIPPED'; lastError?: string | null; [k: string]: unknown },
    reason?: string,
  ): Promise<OutboundOutcome> {
    await this.repo.transaction((tx) => this.repo.moveDelivery(tx, d.id, d.attempts, data));
    return { deliveryId: d.id, status: data.status, ...(reason ? { reason } : {}) };
  }
}
