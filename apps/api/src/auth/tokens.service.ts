import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createHash, createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';
import { classifyRefresh } from './refresh-rules.js';
import { AuthErrors } from './auth.errors.js';
import { AuditService, type AuditInput } from '../audit/audit.service.js';
import { verifyHs256 } from './hs256.js';

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

/** The audit event of what a user did to their own account or session (no org: the platform's chain). */
export function ownAccountEvent(
  action: string,
  entity: { type: 'user' | 'session'; id: string },
  userId: string,
  meta: SessionMeta,
  data: Record<string, unknown> = { ip: meta.ip ?? null },
): AuditInput {
  return {
    organizationId: null,
    action,
    entityType: entity.type,
    entityId: entity.id,
    actorType: 'USER',
    actorUserId: userId,
    requestId: meta.requestId ?? null,
    data,
  };
}

const hashToken = (t: string) => createHash('sha256').update(t).digest('hex');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class TokensService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly audit: AuditService,
  ) {
    this.accessKey = createSecretKey(Buffer.from(config.auth.accessSecret, 'utf8'));
  }

  /** A KeyObject, built once (the HMAC key of every verification). */
  private readonly accessKey: KeyObject;

  /**
   * Signature (HS256 only), expiry and shape of an access token. Says nothing about the session:
   * the AccessGuard checks that it is still live, with the membership, in one query.
   */
  verifyAccess(token: string): { userId: string; sessionId: string } {
    const r = verifyHs256(token, this.accessKey, Math.floor(Date.now() / 1000));
    if (!r.ok) throw r.reason === 'expired' ? AuthErrors.tokenExpired() : AuthErrors.tokenInvalid();
    const claims = r.claims as Partial<AccessClaims>;
    if (claims.typ !== 'access' || !UUID.test(String(claims.sub)) || !UUID.test(String(claims.sid)))
      throw AuthErrors.tokenInvalid();
    return { userId: claims.sub!, sessionId: claims.sid! };
  }

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
    await this.refreshTokens.create({
      userId,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + this.config.auth.refreshTtlDays * 86_400_000),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    });
    return {
      accessToken: this.signAccess(userId, familyId),
      refreshToken,
      expiresIn: this.config.auth.accessTtlSeconds,
    };
  }

  /**
   * Exchanges a refresh token for a new pair. The old token is marked rotated with a
   * conditional update, so two concurrent uses of one token cannot both succeed: the
   * loser is treated as reuse and the family is revoked.
   */
  async rotate(presented: string, meta: SessionMeta) {
    const now = new Date();
    const stored = await this.refreshTokens.findByHash(hashToken(presented));
    if (!stored) throw AuthErrors.tokenInvalid();
    const verdict = classifyRefresh(stored, now);
    if (verdict === 'REUSED') {
      await this.revokeFamily(stored.familyId, 'REUSE');
      await this.audit.appendNow(
        ownAccountEvent('auth.refresh_token.reused', { type: 'session', id: stored.familyId }, stored.userId, meta),
      );
      throw AuthErrors.refreshReused();
    }
    if (verdict === 'REVOKED') throw AuthErrors.tokenInvalid();
    if (verdict === 'EXPIRED') throw AuthErrors.tokenExpired();

    const next = this.newRefreshToken();
    const rotated = await this.refreshTokens.rotate(stored.id, now, {
      userId: stored.userId,
      familyId: stored.familyId,
      parentId: stored.id,
      tokenHash: hashToken(next),
      // the family keeps the expiry of the login: rotation does not extend a session forever
      expiresAt: stored.expiresAt,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    });
    if (!rotated) {
      await this.revokeFamily(stored.familyId, 'REUSE');
      throw AuthErrors.refreshReused();
    }
    return {
      accessToken: this.signAccess(stored.userId, stored.familyId),
      refreshToken: next,
      expiresIn: this.config.auth.accessTtlSeconds,
    };
  }

  async revokeFamily(familyId: string, reason: string): Promise<void> {
    await this.refreshTokens.revokeFamily(familyId, reason);
  }

  /**
   * Every live session of a user, inside the caller's transaction (a password change or reset
   * commits with it). `except`: the family to keep (the caller's own session). Their access
   * tokens die with them: the guard checks that the session is live. Returns the tokens revoked.
   */
  async revokeAllOfUser(tx: Tx, userId: string, reason: string, except?: string): Promise<number> {
    return this.refreshTokens.revokeAllOfUser(tx, userId, reason, except);
  }

  /** Logout by refresh token: revokes that token's family (idempotent), only if it is the caller's. */
  async revokeByToken(presented: string, userId: string): Promise<string | null> {
    const stored = await this.refreshTokens.findByHash(hashToken(presented));
    if (!stored || stored.userId !== userId) return null;
    await this.revokeFamily(stored.familyId, 'LOGOUT');
    return stored.familyId;
  }
}
