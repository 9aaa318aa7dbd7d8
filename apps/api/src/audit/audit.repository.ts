import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';
import type { StoredEvent } from './hash-chain.js';

@Injectable()
export class AuditRepository {
  constructor(private readonly prisma: PrismaService) {}

  findLast(tx: Tx, chain: string) {
    return tx.auditEvent.findFirst({ where: { chain }, orderBy: { seq: 'desc' }, select: { seq: true, hash: true } });
  }

  async insert(tx: Tx, e: Omit<StoredEvent, 'id'>): Promise<{ id: string; seq: number }> {
    return tx.auditEvent.create({
      data: {
        chain: e.chain,
        seq: e.seq,
        organizationId: e.organizationId,
        action: e.action,
        entityType: e.entityType,
        entityId: e.entityId,
        actorType: e.actorType as 'USER' | 'API_KEY' | 'SYSTEM' | 'ANONYMOUS',
        actorUserId: e.actorUserId,
        actorApiKeyId: e.actorApiKeyId,
        requestId: e.requestId,
        data: e.data as Prisma.InputJsonValue,
        prevHash: e.prevHash,
        hash: e.hash,
        createdAt: e.createdAt,
      },
      select: { id: true, seq: true },
    });
  }

  async insertMany(tx: Tx, events: readonly Omit<StoredEvent, 'id'>[]): Promise<void> {
    await tx.auditEvent.createMany({
      data: events.map((e) => ({
        chain: e.chain,
        seq: e.seq,
        organizationId: e.organizationId,
        action: e.action,
        entityType: e.entityType,
        entityId: e.entityId,
        actorType: e.actorType as 'USER' | 'API_KEY' | 'SYSTEM' | 'ANONYMOUS',
        actorUserId: e.actorUserId,
        actorApiKeyId: e.actorApiKeyId,
        requestId: e.requestId,
        data: e.data as Prisma.InputJsonValue,
        prevHash: e.prevHash,
        hash: e.hash,
        createdAt: e.createdAt,
      })),
    });
  }

  list(
    organizationId: string,
    f: {
      /** keyset: rows after the cursor, in `orderBy` */
      after?: Prisma.AuditEventWhereInput | undefined;
      orderBy: Prisma.AuditEventOrderByWithRelationInput[];
      limit: number;
      /** the caller's data-scope fragment (AuditService.scopeFilter) */
      scope?: Prisma.AuditEventWhereInput;
      entityType?: string;
      entityId?: string;
      /** more (type, id) pairs whose events belong to the same trail (see AuditService.registerRelated) */
      related?: readonly { entityType: string; entityId: string }[];
      action?: string;
      from?: Date;
      to?: Date;
    },
  ) {
    const own: Prisma.AuditEventWhereInput = {
      ...(f.entityType ? { entityType: f.entityType } : {}),
      ...(f.entityId ? { entityId: f.entityId } : {}),
    };
    const entity: Prisma.AuditEventWhereInput =
      f.related && f.related.length > 0
        ? { OR: [own, ...f.related.map((r) => ({ entityType: r.entityType, entityId: r.entityId }))] }
        : own;
    return this.prisma.client.auditEvent.findMany({
      where: {
        AND: [
          {
            chain: organizationId,
            organizationId,
            ...entity,
            ...(f.action ? { action: f.action } : {}),
            ...(f.from || f.to
              ? { createdAt: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lt: f.to } : {}) } }
              : {}),
          },
          f.scope ?? {},
          f.after ?? {},
        ],
      },
      orderBy: f.orderBy,
      take: f.limit,
    });
  }

  /**
   * Names for the actors of a page: users (with their role in this org, if still a member) and the
   * org's keys with the user each key acts for (its creator).
   */
  async actors(organizationId: string, userIds: readonly string[], keyIds: readonly string[]) {
    const keys =
      keyIds.length === 0
        ? []
        : await this.prisma.client.apiKey.findMany({
            where: { id: { in: [...keyIds] }, organizationId },
            select: { id: true, name: true, createdById: true },
          });
    const ids = [...new Set([...userIds, ...keys.flatMap((k) => (k.createdById ? [k.createdById] : []))])];
    const users =
      ids.length === 0
        ? []
        : await this.prisma.client.user.findMany({
            where: { id: { in: ids } },
            select: {
              id: true,
              name: true,
              memberships: { where: { organizationId, status: { not: 'REMOVED' } }, select: { role: true } },
            },
          });
    return {
      users: new Map(users.map((u) => [u.id, { name: u.name, role: u.memberships[0]?.role ?? null }])),
      keys: new Map(keys.map((k) => [k.id, { name: k.name, createdById: k.createdById }])),
    };
  }

  async pageForVerify(organizationId: string, afterSeq: number, limit: number): Promise<StoredEvent[]> {
    const rows = await this.prisma.client.auditEvent.findMany({
      where: { chain: organizationId, seq: { gt: afterSeq } },
      orderBy: { seq: 'asc' },
      take: limit,
    });
    return rows.map((r) => ({ ...r, data: r.data as unknown }));
  }
}
