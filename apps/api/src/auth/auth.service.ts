import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { TLoginRequest, TLoginResponse, TMeResponse, TMyMembership, TTokenPair, TUser } from '@amms/contracts/auth';
import { ROLE_PERMISSIONS } from '@amms/contracts/permissions';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { PrismaService } from '../platform/prisma/prisma.service.js';
import { RateLimiter } from '../platform/rate-limit/rate-limiter.js';
import { MetricsService } from '../platform/metrics/metrics.service.js';
import { AuditService } from '../audit/audit.service.js';
import { MembershipsRepository } from '../tenancy/memberships.repository.js';
import { burnPasswordCheck, verifyPassword } from './password.js';
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

function toUser(u: { id: string; email: string; name: string; locale: string; isPlatformAdmin: boolean }): TUser {
  return { id: u.id, email: u.email, name: u.name, locale: u.locale, isPlatformAdmin: u.isPlatformAdmin };
}
