import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { PrismaService } from '../platform/prisma/prisma.service.js';
import { classifyRefresh } from './refresh-rules.js';
import { AuthErrors } from './auth.errors.js';
import { AuditService } from '../audit/audit.service.js';

export interface AccessClaims {
  sub: string;
  sid: string;
  typ: 'access';
}

export interface SessionMeta {
  userAgent?: string | null;
  ip?: string | null;
  requestId?: string | null;
}

const hashToken = (t: string) => createHash('sha256').update(t).digest('hex');

@Injectable()
export class TokensService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  private newRefreshToken(): string {
    return `rt_${randomBytes(32).toString('base64url')}`;
  }

  private signAccess(userId: string, sessionId: string): string {
    const claims: AccessClaims = { sub: userId, sid: sessionId, typ: 'access' };
    return this.jwt.sign(claims, { expiresIn: this.config.auth.accessTtlSeconds });
  }

  /** A new session (refresh-token family) for a fresh login. */
  async startSession(userId: string, meta: SessionMeta) {
    const familyId = randomUUID();
    const refreshToken = this.newRefreshToken();
    await this.prisma.client.refreshToken.create({
      data: {
        userId,
        familyId,
        tokenHash: hashToken(refreshToken),
        expiresAt: new Date(Date.now() + this.config.auth.refreshTtlDays * 86_400_000),
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip ?? null,
      },
    });
    return { accessToken: this.signAccess(userId, familyId), refreshToken, expiresIn: this.config.auth.accessTtlSeconds };
  }

  /**
   * Exchanges a refresh token for a new pair. The old token is marked rotated with a
   * conditional update, so two concurrent uses of one token cannot both succeed: the
   * loser is treated as reuse and the family is revoked.
   */
  async rotate(presented: string, meta: SessionMeta) {
    const now = new Date();
    const stored = await this.prisma.client.refreshToken.findUnique({ where: { tokenHash: hashToken(presented) } });
    if (!stored) throw AuthErrors.tokenInvalid();
    const verdict = classifyRefresh(stored, now);
    if (verdict === 'REUSED') {
      await this.revokeFamily(stored.familyId, 'REUSE');
      await this.audit.appendNow({
        organizationId: null,
        action: 'auth.refresh_token.reused',
        entityType: 'session',
        entityId: stored.familyId,
        actorType: 'USER',
        actorUserId: stored.userId,
        requestId: meta.requestId ?? null,
        data: { ip: meta.ip ?? null },
      });
      throw AuthErrors.refreshReused();
    }
    if (verdict === 'REVOKED') throw AuthErrors.tokenInvalid();
    if (verdict === 'EXPIRED') throw AuthErrors.tokenExpired();

    const next = this.newRefreshToken();
    const rotated = await this.prisma.client.$transaction(async (tx) => {
      const claimed = await tx.refreshToken.updateMany({
        where: { id: stored.id, rotatedAt: null, revokedAt: null },
        data: { rotatedAt: now },
      });
      if (claimed.count !== 1) return false;
      await tx.refreshToken.create({
        data: {
          userId: stored.userId,
          familyId: stored.familyId,
          parentId: stored.id,
          tokenHash: hashToken(next),
          // the family keeps the expiry of the login: rotation does not extend a session forever
          expiresAt: stored.expiresAt,
          userAgent: meta.userAgent?.slice(0, 300) ?? null,
          ip: meta.ip ?? null,
        },
      });
      return true;
    });
    if (!rotated) {
      await this.revokeFamily(stored.familyId, 'REUSE');
      throw AuthErrors.refreshReused();
    }
    return { accessToken: this.signAccess(stored.userId, stored.familyId), refreshToken: next, expiresIn: this.config.auth.accessTtlSeconds };
  }

  async revokeFamily(familyId: string, reason: string): Promise<void> {
    await this.prisma.client.refreshToken.updateMany({
      where: { familyId, revokedAt: null },
      data: { revokedAt: new Date(), revokeReason: reason },
    });
  }

  /** Logout by refresh token: revokes that token's family (idempotent), only if it is the caller's. */
  async revokeByToken(presented: string, userId: string): Promise<string | null> {
    const stored = await this.prisma.client.refreshToken.findUnique({ where: { tokenHash: hashToken(presented) } });
    if (!stored || stored.userId !== userId) return null;
    await this.revokeFamily(stored.familyId, 'LOGOUT');
    return stored.familyId;
  }

  /**
   * An access token is only good while its session (family) has a live token. One query
   * per request answers both "is the session live" and "who is the user".
   */
  async liveSessionUser(familyId: string, userId: string): Promise<{ isPlatformAdmin: boolean } | null> {
    const live = await this.prisma.client.refreshToken.findFirst({
      where: { familyId, userId, revokedAt: null, expiresAt: { gt: new Date() } },
      select: { user: { select: { isPlatformAdmin: true } } },
    });
    return live?.user ?? null;
  }

}
