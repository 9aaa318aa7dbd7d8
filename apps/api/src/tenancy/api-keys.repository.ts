import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';
import { loadMember } from './memberships.repository.js';

/** API keys of an org: creation, the list, revocation and the lookup a request's key is checked against. */
@Injectable()
export class ApiKeysRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  /** how many of `teamIds` are teams of the org */
  countTeams(tx: Tx, organizationId: string, teamIds: string[]) {
    return tx.team.count({ where: { organizationId, id: { in: teamIds } } });
  }

  create(tx: Tx, data: Prisma.ApiKeyUncheckedCreateInput) {
    return tx.apiKey.create({ data });
  }

  list(organizationId: string, afterId: string | undefined, take: number) {
    return this.prisma.client.apiKey.findMany({
      where: { organizationId, ...(afterId ? { id: { gt: afterId } } : {}) },
      orderBy: { id: 'asc' },
      take,
    });
  }

  find(tx: Tx, organizationId: string, id: string) {
    return tx.apiKey.findFirst({ where: { id, organizationId } });
  }

  /** revokes the key unless it is revoked already: count 1 when this call revoked it */
  revoke(tx: Tx, organizationId: string, id: string) {
    return tx.apiKey.updateMany({ where: { id, organizationId, revokedAt: null }, data: { revokedAt: new Date() } });
  }

  get(tx: Tx, id: string) {
    return tx.apiKey.findUniqueOrThrow({ where: { id } });
  }

  findByPrefix(prefix: string) {
    return this.prisma.client.apiKey.findUnique({ where: { prefix } });
  }

  touch(id: string) {
    return this.prisma.client.apiKey.update({ where: { id }, data: { lastUsedAt: new Date() } });
  }

  /** the key creator's membership as it is now */
  loadCreator(organizationId: string, membershipId: string) {
    return loadMember(this.prisma.client, organizationId, membershipId);
  }
}
