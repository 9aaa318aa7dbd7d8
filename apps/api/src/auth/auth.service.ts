import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { TChangePasswordRequest, TLoginRequest, TLoginResponse, TMeResponse, TMyMembership, TTokenPair, TUser } from '@amms/contracts/auth';
import { passwordWeaknesses } from '@amms/contracts/password-policy';
import { ROLE_PERMISSIONS } from '@amms/contracts/permissions';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { PrismaService } from '../platform/prisma/prisma.service.js';
import { RateLimiter } from '../platform/rate-limit/rate-limiter.js';
import { MetricsService } from '../platform/metrics/metrics.service.js';
import { AuditService } from '../audit/audit.service.js';
import { MembershipsRepository } from '../tenancy/memberships.repository.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.js';
import { TokensService, type SessionMeta } from './tokens.service.js';
import { AuthErrors } from './auth.errors.js';

const emailKey = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 32);

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly prisma: PrismaService,
    private readonly tokens: TokensService,
    private readonly limiter: RateLimiter,
    private readonly audit: AuditService,
    private readonly memberships: MembershipsRepository,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * Same answer and similar time whether the email exists or not. Attempts are
   * counted per email until one succeeds (brute force on one account) and all attempts per IP.
   */
  async login(input: TLoginRequest, meta: SessionMeta): Promise<TLoginResponse> {
    const email = input.email.trim().toLowerCase();
    const { loginMaxFailuresPerEmail, loginMaxAttemptsPerIp, loginWindowSeconds } = this.config.auth;
    const ipLimit = await this.limiter.hit(`login:ip:${meta.ip ?? 'unknown'}`, loginMaxAttemptsPerIp, loginWindowSeconds);
    // reserve the attempt up front (atomic INCR): a peek here would let concurrent guesses all pass
    // before any of them is counted; a success resets the counter below
    const emailLimit = await this.limiter.hit(`login:email:${emailKey(email)}`, loginMaxFailuresPerEmail, loginWindowSeconds);
    if (!ipLimit.allowed || !emailLimit.allowed) {
      this.metrics.logins.inc({ outcome: 'rate_limited' });
      throw AuthErrors.rateLimited(Math.max(ipLimit.allowed ? 0 : ipLimit.retryAfterSeconds, emailLimit.allowed ? 0 : emailLimit.retryAfterSeconds));
    }

    const user = await this.prisma.client.user.findUnique({ where: { email } });
    const ok = user ? await verifyPassword(input.password, user.passwordHash) : (await burnPasswordCheck(input.password), false);
    if (!user || !ok) {
      this.metrics.logins.inc({ outcome: 'failure' });
      await this.audit.appendNow({
        organizationId: null,
        action: 'auth.login.failed',
        entityType: 'user',
        entityId: user?.id ?? null,
        actorType: 'ANONYMOUS',
        requestId: meta.requestId ?? null,
        data: { email, ip: meta.ip ?? null },
      });
      throw AuthErrors.invalidCredentials();
    }
    await this.limiter.reset(`login:email:${emailKey(email)}`);
    const pair = await this.tokens.startSession(user.id, meta);
    this.metrics.logins.inc({ outcome: 'success' });
    await this.audit.appendNow({
      organizationId: null,
      action: 'auth.login.succeeded',
      entityType: 'user',
      entityId: user.id,
      actorType: 'USER',
      actorUserId: user.id,
      requestId: meta.requestId ?? null,
      data: { ip: meta.ip ?? null },
    });
    return { ...pair, user: toUser(user), memberships: await this.myMemberships(user.id) };
  }

  refresh(refreshToken: string, meta: SessionMeta): Promise<TTokenPair> {
    return this.tokens.rotate(refreshToken, meta);
  }

  async logout(userId: string, sessionId: string, refreshToken: string | undefined, meta: SessionMeta): Promise<void> {
    if (refreshToken) await this.tokens.revokeByToken(refreshToken, userId);
    await this.tokens.revokeFamily(sessionId, 'LOGOUT');
    await this.audit.appendNow({
      organizationId: null,
      action: 'auth.logout',
      entityType: 'session',
      entityId: sessionId,
      actorType: 'USER',
      actorUserId: userId,
      requestId: meta.requestId ?? null,
      data: {},
    });
  }

  /**
   * Changes the caller's password. Retry-safe without an Idempotency-Key (the key record would
   * hold a hash of the password): repeating a change that landed answers the same 204. Wrong current passwords are counted per user with the login
   * email limit (10 / 15 min): a stolen access token must not become an offline-speed guessing
   * oracle for the password. The new one must pass the shared policy and differ from the current.
   * Then, in one transaction: the hash, the flag cleared, every OTHER session of the user revoked
   * (this one stays signed in: its tokens keep working) and an `auth.password.changed` event on
   * the platform audit chain (where logins are).
   */
  async changePassword(userId: string, sessionId: string, input: TChangePasswordRequest, meta: SessionMeta): Promise<void> {
    const { loginMaxFailuresPerEmail, loginWindowSeconds } = this.config.auth;
    const limitKey = `password:user:${userId}`;
    const limit = await this.limiter.hit(limitKey, loginMaxFailuresPerEmail, loginWindowSeconds);
    if (!limit.allowed) throw AuthErrors.rateLimited(limit.retryAfterSeconds);

    const user = await this.prisma.client.user.findUniqueOrThrow({ where: { id: userId } });
    if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
      // A retry of a change that already landed (its answer was lost): the "current" password
      // is the old one, and the new one is what is stored now. Answer as the first time did,
      // change nothing. Only someone who knows the stored password gets here, so this tells a
      // guesser nothing the current-password check does not.
      if (await verifyPassword(input.newPassword, user.passwordHash)) {
        await this.limiter.reset(limitKey);
        return;
      }
      await this.audit.appendNow({
        organizationId: null,
        action: 'auth.password.change_failed',
        entityType: 'user',
        entityId: userId,
        actorType: 'USER',
        actorUserId: userId,
        requestId: meta.requestId ?? null,
        data: { ip: meta.ip ?? null },
      });
      throw AuthErrors.currentPasswordIncorrect();
    }
    // the current password was right: the attempts counter is about guessing it, not about the new one
    await this.limiter.reset(limitKey);
    const weaknesses = passwordWeaknesses(input.newPassword, { email: user.email });
    if (weaknesses.length > 0) throw AuthErrors.passwordTooWeak(weaknesses);
    // compared through the hash, so "the same" means what login would accept (NFKC included)
    if (await verifyPassword(input.newPassword, user.passwordHash)) throw AuthErrors.passwordReused();

    const passwordHash = await hashPassword(input.newPassword);
    await this.prisma.client.$transaction(async (tx) => {
      // conditional on the hash we verified: of two concurrent changes only the first applies
      const changed = await tx.user.updateMany({
        where: { id: userId, passwordHash: user.passwordHash },
        data: { passwordHash, mustChangePassword: false },
      });
      if (changed.count !== 1) throw AuthErrors.currentPasswordIncorrect();
      const revoked = await this.tokens.revokeAllOfUser(tx, userId, 'PASSWORD_CHANGED', sessionId);
      await this.audit.append(tx, {
        organizationId: null,
        action: 'auth.password.changed',
        entityType: 'user',
        entityId: userId,
        actorType: 'USER',
        actorUserId: userId,
        requestId: meta.requestId ?? null,
        data: { ip: meta.ip ?? null, wasOneTimePassword: user.mustChangePassword, otherSessionTokensRevoked: revoked },
      });
    });
  }

  async me(userId: string): Promise<TMeResponse> {
    const user = await this.prisma.client.user.findUniqueOrThrow({ where: { id: userId } });
    return { user: toUser(user), memberships: await this.myMemberships(userId) };
  }

  async myMemberships(userId: string): Promise<TMyMembership[]> {
    const rows = await this.memberships.findActiveForUser(userId);
    return rows.map((m) => ({
      membershipId: m.id,
      organization: { id: m.organization.id, slug: m.organization.slug, name: m.organization.name, timezone: m.organization.timezone },
      role: m.role,
      dataScope: m.dataScope,
      status: m.status,
      permissions: [...ROLE_PERMISSIONS[m.role]],
    }));
  }
}

function toUser(u: { id: string; email: string; name: string; locale: string; isPlatformAdmin: boolean; mustChangePassword: boolean }): TUser {
  return { id: u.id, email: u.email, name: u.name, locale: u.locale, isPlatformAdmin: u.isPlatformAdmin, mustChangePassword: u.mustChangePassword };
}
