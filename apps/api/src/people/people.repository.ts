import { Injectable } from '@nestjs/common';
import { PrismaService } from '../platform/prisma/prisma.service.js';

/** The names (and roles in one org) behind the membership and user ids records keep. */
@Injectable()
export class PeopleRepository {
  constructor(private readonly prisma: PrismaService) {}

  memberships(organizationId: string, ids: string[]) {
    return this.prisma.client.membership.findMany({
      where: { organizationId, id: { in: ids } },
      select: { id: true, role: true, status: true, user: { select: { name: true } } },
    });
  }

  /** Users with their membership of the org, if they have not left it. */
  users(organizationId: string, ids: string[]) {
    return this.prisma.client.user.findMany({
      where: { id: { in: ids } },
      select: {
        id: true,
        name: true,
        memberships: { where: { organizationId, status: { not: 'REMOVED' } }, select: { role: true } },
      },
    });
  }
}
