import { Injectable } from '@nestjs/common';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';

/** What a new refresh token row holds (its hash only, never the token). */
export interface NewRefreshToken {
  userId: string;
  familyId: string;
  parentId?: string;
  tokenHash: string;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}

/** Refresh tokens: one family per session, rotated and revoked by conditional updates. */
@Injectable()
export class RefreshTokensRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(data: NewRefreshToken): Promise<void> {
    await this.prisma.client.refreshToken.create({ data });
  }

  findByHash(tokenHash: string) {
    return this.prisma.client.refreshToken.findUnique({ where: { tokenHash } });
  }

  /**
   * Marks `id` rotated and stores its successor, in one transaction; the conditional update lets
   * only one of two concurrent rotations win. False: it was already rotated or revoked.
   */
  rotate(id: string, now: Date, next: NewRefreshToken): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const claimed = await tx.refreshToken.updateMany({
        where: { id, rotatedAt: null, revokedAt: null },
        data: { rotatedAt: now },
      });
      if (claimed.count !== 1) return false;
      await tx.refreshToken.create({ data: next });
      return true;
    });
  }

  async revokeFamily(familyId: string, reason: string): Promise<void> {
    await this.prisma.client.refreshToken.updateMany({
      where: { familyId, revokedAt: null },
      data: { revokedAt: new Date(), revokeReason: reason },
    });
  }

  /** Every live token of the user but the family `except`, inside the caller's transaction: how many. */
  async revokeAllOfUser(tx: Tx, userId: string, reason: string, except?: string): Promise<number> {
    const res = await tx.refreshToken.updateMany({
      where: { userId, revokedAt: null, ...(except ? { familyId: { not: except } } : {}) },
      data: { revokedAt: new Date(), revokeReason: reason },
    });
    return res.count;
  }
}
