import { Injectable } from '@nestjs/common';
import type {
  TListNotificationsQuery,
  TListNotificationsResponse,
  TNotification,
  TReadAllNotificationsResponse,
} from '@amms/contracts/notifications';
import type { Notification } from '@amms/db';
import { decodeCursor, pageOf } from '../platform/http/cursor.js';
import { AppError, notFound } from '../platform/errors/app-error.js';
import type { OrgContext } from '../platform/access/context.js';
import { NotificationsRepository } from './notifications.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toNotification(n: Notification): TNotification {
  return {
    id: n.id,
    type: n.type as TNotification['type'],
    reason: n.reason as TNotification['reason'],
    resourceType: n.resourceType as TNotification['resourceType'],
    resourceId: n.resourceId,
    title: n.title,
    jobIds: n.jobIds,
    readAt: n.readAt?.toISOString() ?? null,
    createdAt: n.createdAt.toISOString(),
  };
}

/** `createdAt|id` of the last row: newest first, ties by id. A forged cursor → 400. */
function afterOf(cursor: string | undefined): { createdAt: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id] = decodeCursor(cursor).split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !UUID.test(id) || Number.isNaN(createdAt.getTime()))
    throw new AppError('VALIDATION_FAILED', 'Invalid cursor', [
      { path: 'cursor', message: 'not a cursor this list returned', code: 'invalid_format' },
    ]);
  return { createdAt, id };
}

/** The caller's own notifications: nobody reads or marks another member's (another's id → 404). */
@Injectable()
export class NotificationsService {
  constructor(private readonly repo: NotificationsRepository) {}

  async list(ctx: OrgContext, q: TListNotificationsQuery): Promise<TListNotificationsResponse> {
    const me = ctx.membershipId;
    if (!me) return { items: [], nextCursor: null, unreadCount: 0 };
    const rows = await this.repo.list(ctx.organizationId, me, {
      unread: q.unread === 'true',
      after: afterOf(q.cursor),
      limit: q.limit + 1,
    });
    const page = pageOf(rows, q.limit, toNotification, (n) => `${n.createdAt.toISOString()}|${n.id}`);
    return { ...page, unreadCount: await this.repo.unreadCount(ctx.organizationId, me) };
  }

  async read(ctx: OrgContext, id: string): Promise<TNotification> {
    const me = ctx.membershipId;
    const n = me ? await this.repo.markRead(ctx.organizationId, me, id, new Date()) : null;
    if (!n) throw notFound('Notification');
    return toNotification(n);
  }

  async readAll(ctx: OrgContext): Promise<TReadAllNotificationsResponse> {
    const me = ctx.membershipId;
    if (!me) return { updated: 0, unreadCount: 0 };
    const updated = await this.repo.markAllRead(ctx.organizationId, me, new Date());
    return { updated, unreadCount: await this.repo.unreadCount(ctx.organizationId, me) };
  }
}
