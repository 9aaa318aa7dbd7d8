import { Injectable } from '@nestjs/common';
import { PrismaService } from '../platform/prisma/prisma.service.js';

/** The rows the hourly housekeeping drops (see housekeeping.ts). */
@Injectable()
export class HousekeepingRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** refresh tokens that expired before `before`: how many were dropped */
  async deleteRefreshTokensExpiredBefore(before: Date): Promise<number> {
    const res = await this.prisma.client.refreshToken.deleteMany({ where: { expiresAt: { lt: before } } });
    return res.count;
  }

  /** outbox rows dispatched before `before`: how many were dropped */
  async deleteOutboxDispatchedBefore(before: Date): Promise<number> {
    const res = await this.prisma.client.outboxEvent.deleteMany({ where: { dispatchedAt: { lt: before } } });
    return res.count;
  }
}
