import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type {
  TChangePasswordRequest,
  TLoginRequest,
  TLoginResponse,
  TMeResponse,
  TMyMembership,
  TTokenPair,
  TUser,
} from '@amms/contracts/auth';
import { passwordWeaknesses } from '@amms/contracts/password-policy';
import { ROLE_PERMISSIONS } from '@amms/contracts/permissions';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { RateLimiter } from '../platform/rate-limit/rate-limiter.js';
import { MetricsService } from '../platform/metrics/metrics.service.js';
import { AuditService } from '../audit/audit.service.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.js';
import { ownAccountEvent, TokensService, type SessionMeta } from './tokens.service.js';
import { AuthErrors } from './auth.errors.js';
import { UsersRepository } from './users.repository.js';

const emailKey = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 32);

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly tokens: TokensService,
    private readonly limiter: RateLimiter,
    private readonly audit: AuditService,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * Same answer and similar time whether the email exists or not. Limits (docs/architecture.md,
   * "Login rate limit"):
   *  - per client IP, every attempt (LOGIN_MAX_ATTEMPTS_PER_IP / window), refused before the
   *    password is looked at;
   *  - per email, FAILURES only (LOGIN_MAX_FAILURES_PER_EMAIL / window), counted after the check.
   *    Past the limit a wrong password is answered 429 instead of 401; the right one still signs
   *    in and clears the count. So nobody can lock a known account out by failing on purpose,
   *    and guessing one account is bounded by the per-IP limit of each source.
   */
  async login(input: TLoginRequest, meta: SessionMeta): Promise<TLoginResponse> {
    const email = input.email.trim().toLowerCase();
    const { loginMaxFailuresPerEmail, loginMaxAttemptsPerIp, loginWindowSeconds } = this.config.auth;
    const ipLimit = await this.limiter.hit(
      `login:ip:${meta.ip ?? 'unknown'}`,
      loginMaxAttemptsPerIp,
      loginWindowSeconds,
    );
    if (!ipLimit.allowed) {
      this.metrics.logins.inc({ outcome: 'rate_limited' });
      throw AuthErrors.rateLimited(ipLimit.retryAfterSeconds);
    }

    const user = await this.users.findByEmail(email);
    const ok = user
      ? await verifyPassword(input.password, user.passwordHash)
      : (await burnPasswordCheck(input.password), false);
    if (!user || !ok) {
      // counted atomically (INCR) after the check: concurrent failures each get their own number
      const failures = await this.limiter.hit(
        `login:email:${emailKey(email)}`,
        loginMaxFailuresPerEmail,
        loginWindowSeconds,
      );
      this.metrics.logins.inc({ outcome: failures.allowed ? 'failure' : 'rate_limited' });
      await this.audit.appendNow({
        organizationId: null,
        action: 'auth.login.failed',
        entityType: 'user',
        entityId: user?.id ?? null,
        actorType: 'ANONYMOUS',
        requestId: meta.requestId ?? null,
        data: { email, ip: meta.ip ?? null },
      });
      if (!failures.allowed) throw AuthErrors.rateLimited(failures.retryAfterSeconds);
      throw AuthErrors.invalidCredentials();
    }
    await this.limiter.reset(`login:email:${emailKey(email)}`);
    const pair = await this.tokens.startSession(user.id, meta);
    this.metrics.logins.inc({ outcome: 'success' });
    await this.audit.appendNow(ownAccountEvent('auth.login.succeeded', { type: 'user', id: user.id }, user.id, meta));
    return { ...pair, user: toUser(user), memberships: await this.myMemberships(user.id) };
  }

  refresh(refreshToken: string, meta: SessionMeta): Promise<TTokenPair> {
    return this.tokens.rotate(refreshToken, meta);
  }

  async logout(userId: string, sessionId: string, refreshToken: string | undefined, meta: SessionMeta): Promise<void> {
    if (refreshToken) await this.tokens.revokeByToken(refreshToken, userId);
    await this.tokens.revokeFamily(sessionId, 'LOGOUT');
    await this.audit.appendNow(ownAccountEvent('auth.logout', { type: 'session', id: sessionId }, userId, meta, {}));
  }

  /**
   * Changes the caller's password. Wrong current passwords are counted per user with the login
   * email limit (10 / 15 min): a stolen access token must not become an offline-speed guessing
   * oracle for the password. Only the current password is ever compared with the stored hash (one
   * guess per try): "new ≠ current" compares the two submitted strings (NFKC, as the hash does).
   * So a repeat of a change that landed (its answer lost) is a 400 CURRENT_PASSWORD_INCORRECT:
   * the "current" password it sends is the old one. The new one must pass the shared policy.
   * Then, in one transaction: the hash, the flag cleared, every OTHER session of the user revoked
   * (this one stays signed in: its tokens keep working) and an `auth.password.changed` event on
   * the platform audit chain (where logins are).
   */
  async changePassword(
    userId: string,
    sessionId: string,
    input: TChangePasswordRequest,
    meta: SessionMeta,
  ): Promise<void> {
    const { loginMaxFailuresPerEmail, loginWindowSeconds } = this.config.auth;
    const limitKey = `password:user:${userId}`;
    const limit = await this.limiter.hit(limitKey, loginMaxFailuresPerEmail, loginWindowSeconds);
    if (!limit.allowed) throw AuthErrors.rateLimited(limit.retryAfterSeconds);

    const user = await this.users.get(userId);
    if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
      await this.audit.appendNow(
        ownAccountEvent('auth.password.change_failed', { type: 'user', id: userId }, userId, meta),
      );
      throw AuthErrors.currentPasswordIncorrect();
    }
    // the current password was right: the attempts counter is about guessing it, not about the new one
    await this.limiter.reset(limitKey);
    const weaknesses = passwordWeaknesses(input.newPassword, { email: user.email });
    if (weaknesses.length > 0) throw AuthErrors.passwordTooWeak(weaknesses);
    // the current one was just verified: comparing the strings is comparing with what is stored
    if (input.newPassword.normalize('NFKC') === input.currentPassword.normalize('NFKC'))
      throw AuthErrors.passwordReused();

    const passwordHash = await hashPassword(input.newPassword);
    await this.users.transaction(async (tx) => {
      // conditional on the hash we verified: of two concurrent changes only the first applies
      if (!(await this.users.replacePasswordIf(tx, userId, user.passwordHash, passwordHash)))
        throw AuthErrors.currentPasswordIncorrect();
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
    const user = await this.users.get(userId);
    return { user: toUser(user), memberships: await this.myMemberships(userId) };
  }

  async myMemberships(userId: string): Promise<TMyMembership[]> {
    const rows = await this.users.activeMemberships(userId);
    return rows.map((m) => ({
      membershipId: m.id,
      organization: {
        id: m.organization.id,
        slug: m.organization.slug,
        name: m.organization.name,
        timezone: m.organization.timezone,
      },
      role: m.role,
      dataScope: m.dataScope,
      status: m.status,
      permissions: [...ROLE_PERMISSIONS[m.role]],
    }));
  }
}

function toUser(u: {
  id: string;
  email: string;
  name: string;
  locale: string;
  isPlatformAdmin: boolean;
  mustChangePassword: boolean;
}): TUser {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    locale: u.locale,
    isPlatformAdmin: u.isPlatformAdmin,
    mustChangePassword: u.mustChangePassword,
  };
}
