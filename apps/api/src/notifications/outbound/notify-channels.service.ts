import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { NotificationChannel, NotificationDelivery } from '@amms/db';
import type {
  TCreateNotificationChannel,
  TListNotificationChannels,
  TListNotificationDeliveries,
  TListNotificationDeliveriesQuery,
  TNotificationChannel,
  TNotificationDelivery,
  TUpdateNotificationChannel,
} from '@amms/contracts/notify-channels';
import { ZCreateNotificationChannel } from '@amms/contracts/notify-channels';
import { AuditService } from '../../audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { AppError, notFound, versionConflict } from '../../platform/errors/app-error.js';
import { decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { enqueueOutbox } from '../../platform/outbox/outbox.service.js';
import { NotifyChannelsRepository } from './notify-channels.repository.js';
import type { OrgContext } from '../../platform/access/context.js';
import { checkTarget } from '../../platform/http/ssrf.js';

/** The bot URL without its token: `https://oapi.dingtalk.com/robot/send?access_token=ab12…`. */
export function urlHint(raw: string): string {
  const u = new URL(raw);
  const cut = (s: string) => (s.length > 4 ? `${s.slice(0, 4)}…` : s);
  const parts = u.pathname.split('/');
  if (parts.length > 2) parts[parts.length - 1] = cut(parts[parts.length - 1]!);
  const query = [...u.searchParams.entries()].map(([k, v]) => `${k}=${cut(v)}`).join('&');
  return `${u.origin}${parts.join('/')}${query ? `?${query}` : ''}`;
}

export function toChannel(c: NotificationChannel): TNotificationChannel {
  return {
    id: c.id,
    kind: c.kind as TNotificationChannel['kind'],
    name: c.name,
    teamId: c.teamId,
    urlHint: urlHint(c.url),
    signed: c.secret !== null,
    events: c.events as TNotificationChannel['events'],
    enabled: c.enabled,
    version: c.version,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function toDelivery(d: NotificationDelivery): TNotificationDelivery {
  return {
    id: d.id,
    event: d.event as TNotificationDelivery['event'],
    channel: d.channel as TNotificationDelivery['channel'],
    recipientMembershipId: d.recipientMembershipId,
    channelId: d.channelId,
    target: d.target,
    title: d.title,
    status: d.status as TNotificationDelivery['status'],
    attempts: d.attempts,
    statusCode: d.statusCode,
    lastError: d.lastError,
    notBefore: d.notBefore.toISOString(),
    sentAt: d.sentAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
  };
}

const channelNotFound = () => notFound('Notification channel');

/** Group bots of an org or team (notify.manage), and the log of every message sent outside the app. */
@Injectable()
export class NotifyChannelsService {
  constructor(
    private readonly repo: NotifyChannelsRepository,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(ctx: OrgContext): Promise<TListNotificationChannels> {
    const rows = await this.repo.list(ctx.organizationId);
    return { items: rows.map(toChannel) };
  }

  async create(ctx: OrgContext, raw: TCreateNotificationChannel): Promise<TNotificationChannel> {
    const input = ZCreateNotificationChannel.parse(raw);
    if (!ctx.membershipId) throw new AppError('FORBIDDEN', 'Only a member (or a key acting for one) can add a bot');
    await this.assertTarget(input.url);
    await this.assertTeam(ctx, input.teamId);
    return this.repo.transaction(async (tx) => {
      const row = await this.repo.create(tx, {
        organizationId: ctx.organizationId,
        kind: input.kind,
        name: input.name,
        teamId: input.teamId,
        url: input.url,
        secret: input.secret,
        events: [...new Set(input.events)],
        enabled: input.enabled,
        createdByMembershipId: ctx.membershipId!,
      });
      await this.audit.record(tx, ctx, 'notification_channel.created', 'notification_channel', row.id, {
        kind: row.kind,
        name: row.name,
        teamId: row.teamId,
        url: urlHint(row.url),
        events: row.events,
      });
      return toChannel(row);
    });
  }

  async update(ctx: OrgContext, id: string, input: TUpdateNotificationChannel): Promise<TNotificationChannel> {
    if (input.url !== undefined) await this.assertTarget(input.url);
    if (input.teamId) await this.assertTeam(ctx, input.teamId);
    return this.repo.transaction(async (tx) => {
      const current = await this.repo.find(tx, ctx.organizationId, id);
      if (!current) throw channelNotFound();
      if (current.version !== input.version) throw versionConflict(toChannel(current));
      const updated = await this.repo.update(tx, id, input.version, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.teamId !== undefined ? { teamId: input.teamId } : {}),
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.secret !== undefined ? { secret: input.secret } : {}),
        ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        version: { increment: 1 },
      });
      if (!updated) throw versionConflict(toChannel(current));
      const { version: _v, secret, url, ...changes } = input;
      await this.audit.record(tx, ctx, 'notification_channel.updated', 'notification_channel', id, {
        changes: {
          ...changes,
          ...(url !== undefined ? { url: urlHint(url) } : {}),
          ...(secret !== undefined ? { secret: secret === null ? null : 'changed' } : {}),
        },
      });
      return toChannel(updated);
    });
  }

  /** Soft delete: its messages stay in the log; queued ones are skipped. */
  async remove(ctx: OrgContext, id: string): Promise<void> {
    await this.repo.transaction(async (tx) => {
      if (!(await this.repo.softDelete(tx, ctx.organizationId, id))) throw channelNotFound();
      await this.audit.record(tx, ctx, 'notification_channel.deleted', 'notification_channel', id, {});
    });
  }

  /** A test message to the group now (through the same queue, signature and log). */
  async test(ctx: OrgContext, id: string): Promise<{ deliveryId: string }> {
    const c = await this.repo.find(undefined, ctx.organizationId, id);
    if (!c) throw channelNotFound();
    const deliveryId = randomUUID();
    await this.repo.transaction(async (tx) => {
      await this.repo.createDelivery(tx, {
        id: deliveryId,
        organizationId: ctx.organizationId,
        event: c.events[0] ?? 'DAILY_DIGEST',
        channel: c.kind,
        dedupeKey: `test:${deliveryId}`,
        channelId: c.id,
        target: new URL(c.url).host,
        title: 'AMMS 测试消息 / test message',
        body: c.name,
        link: null,
      });
      await enqueueOutbox(tx, ctx.organizationId, 'notification.deliver', {
        organizationId: ctx.organizationId,
        deliveryId,
      });
      await this.audit.record(tx, ctx, 'notification_channel.tested', 'notification_channel', id, { deliveryId });
    });
    return { deliveryId };
  }

  async deliveries(ctx: OrgContext, q: TListNotificationDeliveriesQuery): Promise<TListNotificationDeliveries> {
    let after: { createdAt: Date; id: string } | undefined;
    if (q.cursor) {
      const [at, cid] = decodeCursor(q.cursor).split('|');
      const createdAt = new Date(at ?? '');
      if (!cid || !/^[0-9a-f-]{36}$/.test(cid) || Number.isNaN(createdAt.getTime()))
        throw new AppError('VALIDATION_FAILED', 'Invalid cursor', [
          { path: 'cursor', message: 'not a cursor this list returned', code: 'invalid_format' },
        ]);
      after = { createdAt, id: cid };
    }
    const rows = await this.repo.deliveries(ctx.organizationId, {
      channel: q.channel,
      status: q.status,
      after,
      limit: q.limit + 1,
    });
    return pageOf(rows, q.limit, toDelivery, (r) => `${r.createdAt.toISOString()}|${r.id}`);
  }

  private async assertTarget(url: string): Promise<void> {
    const verdict = await checkTarget(new URL(url), this.config.webhooks.allowHosts);
    if (!verdict.ok)
      throw new AppError(
        'WEBHOOK_URL_REFUSED',
        `The bot URL is refused: ${verdict.reason}. Targets must be public addresses (WEBHOOK_ALLOW_HOSTS lists exceptions).`,
        { field: 'url', reason: verdict.reason },
      );
  }

  private async assertTeam(ctx: OrgContext, teamId: string | null | undefined): Promise<void> {
    if (!teamId) return;
    if (!(await this.repo.teamExists(ctx.organizationId, teamId))) throw notFound('Team');
  }
}
