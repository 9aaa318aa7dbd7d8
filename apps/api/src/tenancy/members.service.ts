import { Inject, Injectable } from '@nestjs/common';
import type {
  TAddMemberRequest,
  TAddMemberResponse,
  TListMembersQuery,
  TMember,
  TPasswordResetResponse,
  TUpdateMemberRequest,
} from '@amms/contracts/members';
import { DEFAULT_SCOPE, ROLE_RANK, type TDataScope, type TRole } from '@amms/contracts/permissions';
import type { Prisma } from '@amms/db';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { AuditService } from '../audit/audit.service.js';
import { versionConflict } from '../platform/errors/app-error.js';
import { keysetList, sortSpec } from '../platform/http/list-page.js';
import { generateOneTimePassword, hashPassword } from '../auth/password.js';
import { MembershipsRepository } from './memberships.repository.js';
import { memberScope } from '../platform/access/member-scope.js';
import { beyondReach, narrowerScope } from './reach.js';
import { TenancyErrors } from './tenancy.errors.js';
import type { OrgContext } from '../platform/access/context.js';
import { isUniqueViolation } from '../platform/prisma/db-errors.js';
import { diff } from '../audit/changes.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { RateLimiter } from '../platform/rate-limit/rate-limiter.js';
import { TokensService } from '../auth/tokens.service.js';
import { AuthErrors } from '../auth/auth.errors.js';

type MemberRow = NonNullable<Awaited<ReturnType<MembershipsRepository['findById']>>>;

export function toMember(m: MemberRow): TMember {
  return {
    id: m.id,
    userId: m.user.id,
    email: m.user.email,
    name: m.user.name,
    role: m.role,
    dataScope: m.dataScope,
    status: m.status,
    teamIds: m.teams.map((t) => t.teamId).sort(),
    version: m.version,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

export interface MemberPlanningProfile {
  operatesMachines: boolean;
  maxDailyHours: number | null;
  qualifications: { code: string; expiresAt: string | null }[];
}

function rankOf(role: TRole | 'SERVICE'): number {
  return role === 'SERVICE' ? 0 : ROLE_RANK[role];
}

/**
 * A member may not change their own role, data scope or status (nor, under TEAM scope, their
 * teams, which are what they see): no self-promotion, no locking oneself out. Fields sent with
 * their current value are not changes (a client may send the whole form).
 */
function assertNoSelfChange(
  current: { role: TRole; dataScope: TDataScope; status: string; teams: { teamId: string }[] },
  input: TUpdateMemberRequest,
): void {
  const changed: string[] = [];
  if (input.role !== undefined && input.role !== current.role) changed.push('role');
  if (input.dataScope !== undefined && input.dataScope !== current.dataScope) changed.push('dataScope');
  if (input.status !== undefined && input.status !== current.status) changed.push('status');
  const sameTeams = (ids: readonly string[]) => {
    const now = new Set(current.teams.map((t) => t.teamId));
    const next = new Set(ids);
    return now.size === next.size && [...next].every((t) => now.has(t));
  };
  if (input.teamIds !== undefined && current.dataScope === 'TEAM' && !sameTeams(input.teamIds)) changed.push('teamIds');
  if (changed.length > 0) throw TenancyErrors.cannotChangeSelf(changed);
}

/**
 * The ceiling on people: a caller acts only on members whose reach (data scope and teams) is
 * within their own (FORBIDDEN otherwise; members outside their member scope are not found at all).
 */
function assertWithinReach(ctx: OrgContext, m: { dataScope: TDataScope; teams: { teamId: string }[] }): void {
  const beyond = beyondReach({ dataScope: m.dataScope, teamIds: m.teams.map((t) => t.teamId) }, ctx);
  if (beyond) throw TenancyErrors.reachTooWide(beyond);
}

/** ... and grants no reach beyond their own (422 SCOPE_NOT_GRANTABLE). */
function assertGrantable(ctx: OrgContext, granted: { dataScope: TDataScope; teamIds: readonly string[] }): void {
  const beyond = beyondReach(granted, ctx);
  if (beyond) throw TenancyErrors.scopeNotGrantable(beyond);
}

/** `name` and `email` are the user's (a to-one relation); ties by the membership's id. */
const MEMBER_SORT_FIELDS = sortSpec<Prisma.MembershipWhereInput, Prisma.MembershipOrderByWithRelationInput>({
  name: { type: 'string', column: 'user.name' },
  email: { type: 'string', column: 'user.email' },
  createdAt: { type: 'date' },
});

@Injectable()
export class MembersService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: MembershipsRepository,
    private readonly audit: AuditService,
    private readonly tokens: TokensService,
    private readonly limiter: RateLimiter,
  ) {
    audit.registerReader('membership', (ctx, id) => this.get(ctx, id));
  }

  async list(ctx: OrgContext, q: TListMembersQuery): Promise<{ items: TMember[]; nextCursor: string | null }> {
    return keysetList(
      q,
      MEMBER_SORT_FIELDS,
      (page) =>
        this.repo.list(ctx.organizationId, {
          ...page,
          status: q.status,
          role: q.role,
          q: q.q,
          scope: memberScope(ctx),
        }),
      toMember,
    );
  }

  /**
   * Planning's view of the active members in the caller's scope: who runs machines (the flag,
   * else the role: only OPERATOR does) and their own day limit (null: the org's calendar alone).
   */
  async planningProfiles(ctx: OrgContext): Promise<Map<string, MemberPlanningProfile>> {
    const members = await this.repo.planningProfiles(ctx.organizationId, memberScope(ctx));
    return new Map(
      members.map((m) => [
        m.id,
        {
          operatesMachines: m.operatesMachines ?? m.role === 'OPERATOR',
          maxDailyHours: m.maxDailyHours === null ? null : Number(m.maxDailyHours),
          // valid through the stored last day (a UTC date): it ends at the next midnight
          qualifications: m.qualifications.map((q) => ({
            code: q.code,
            expiresAt: q.expiresAt ? new Date(q.expiresAt.getTime() + 86_400_000).toISOString() : null,
          })),
        },
      ]),
    );
  }

  async get(ctx: OrgContext, id: string): Promise<TMember> {
    const m = await this.repo.findById(ctx.organizationId, id, memberScope(ctx));
    if (!m) throw TenancyErrors.memberNotFound();
    return toMember(m);
  }

  async add(ctx: OrgContext, input: TAddMemberRequest): Promise<TAddMemberResponse> {
    try {
      return await this.addOnce(ctx, input);
    } catch (err) {
      // a concurrent add created the same user or membership first: decide again against what it wrote
      // (existing user → added without a password, or MEMBER_EXISTS) instead of a 500
      if (isUniqueViolation(err)) return this.addOnce(ctx, input);
      throw err;
    }
  }

  private async addOnce(ctx: OrgContext, input: TAddMemberRequest): Promise<TAddMemberResponse> {
    if (ROLE_RANK[input.role] > rankOf(ctx.role)) throw TenancyErrors.roleTooHigh(input.role);
    const email = input.email.trim().toLowerCase();
    const teamIds = [...new Set(input.teamIds)];
    // the role's default scope, but never wider than the caller's own
    const dataScope = input.dataScope ?? narrowerScope(DEFAULT_SCOPE[input.role], ctx.dataScope);
    assertGrantable(ctx, { dataScope, teamIds });
    let oneTimePassword: string | null = null;
    const user = await this.repo.findUserByEmail(email);
    let passwordHash: string | null = null;
    if (!user) {
      if (!input.name) throw TenancyErrors.nameRequired();
      oneTimePassword = generateOneTimePassword();
      passwordHash = await hashPassword(oneTimePassword); // outside the transaction: it takes ~60 ms
    }
    const member = await this.repo.transaction(async (tx) => {
      await this.assertTeams(tx, ctx.organizationId, teamIds);
      const u = user ?? (await this.repo.createUser(tx, { email, name: input.name!, passwordHash: passwordHash! }));
      const existing = await this.repo.findOfUser(tx, ctx.organizationId, u.id);
      let id: string;
      if (existing && existing.status !== 'REMOVED') throw TenancyErrors.memberExists();
      if (existing) {
        const ok = await this.repo.updateIfVersion(tx, ctx.organizationId, existing.id, existing.version, {
          role: input.role,
          dataScope,
          status: 'ACTIVE',
        });
        if (!ok) throw versionConflict({ id: existing.id });
        await this.repo.replaceTeams(tx, ctx.organizationId, existing.id, teamIds);
        id = existing.id;
      } else {
        id = (
          await this.repo.create(tx, {
            organizationId: ctx.organizationId,
            userId: u.id,
            role: input.role,
            dataScope,
            teamIds,
          })
        ).id;
      }
      const created = (await this.repo.findByIdTx(tx, ctx.organizationId, id))!;
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'member.added', 'membership', id, {
          email,
          newUser: !user,
          reactivated: Boolean(existing),
          after: { role: input.role, dataScope, teamIds, status: 'ACTIVE' },
        }),
      );
      return created;
    });
    return { member: toMember(member), oneTimePassword };
  }

  async update(ctx: OrgContext, id: string, input: TUpdateMemberRequest): Promise<TMember> {
    const updated = await this.repo.transaction(async (tx) => {
      const current = await this.repo.findByIdTx(tx, ctx.organizationId, id, memberScope(ctx));
      if (!current || current.status === 'REMOVED') throw TenancyErrors.memberNotFound();
      if (id === ctx.membershipId) assertNoSelfChange(current, input);
      const actorRank = rankOf(ctx.role);
      if (ROLE_RANK[current.role] > actorRank) throw TenancyErrors.roleTooHigh(current.role);
      if (input.role && ROLE_RANK[input.role] > actorRank) throw TenancyErrors.roleTooHigh(input.role);
      assertWithinReach(ctx, current);
      assertGrantable(ctx, {
        dataScope: input.dataScope ?? current.dataScope,
        teamIds: input.teamIds ?? current.teams.map((t) => t.teamId),
      });
      const losesOwner =
        current.role === 'OWNER' && ((input.role && input.role !== 'OWNER') || input.status === 'SUSPENDED');
      if (losesOwner) await this.assertAnotherOwner(tx, ctx.organizationId, id);
      const version = input.version ?? current.version;
      if (input.version !== undefined && input.version !== current.version) throw versionConflict(toMember(current));
      const fields = { role: input.role, dataScope: input.dataScope, status: input.status };
      const ok = await this.repo.updateIfVersion(tx, ctx.organizationId, id, version, fields);
      if (!ok) throw versionConflict(toMember((await this.repo.findByIdTx(tx, ctx.organizationId, id))!));
      if (input.teamIds) {
        const teamIds = [...new Set(input.teamIds)];
        await this.assertTeams(tx, ctx.organizationId, teamIds);
        await this.repo.replaceTeams(tx, ctx.organizationId, id, teamIds);
      }
      const after = (await this.repo.findByIdTx(tx, ctx.organizationId, id))!;
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'member.updated', 'membership', id, diff(toMember(current), toMember(after))),
      );
      return after;
    });
    return toMember(updated);
  }

  async remove(ctx: OrgContext, id: string): Promise<void> {
    await this.repo.transaction(async (tx) => {
      const current = await this.repo.findByIdTx(tx, ctx.organizationId, id, memberScope(ctx));
      if (!current || current.status === 'REMOVED') throw TenancyErrors.memberNotFound();
      if (id === ctx.membershipId) throw TenancyErrors.cannotRemoveSelf();
      if (ROLE_RANK[current.role] > rankOf(ctx.role)) throw TenancyErrors.roleTooHigh(current.role);
      assertWithinReach(ctx, current);
      if (current.role === 'OWNER') await this.assertAnotherOwner(tx, ctx.organizationId, id);
      const ok = await this.repo.updateIfVersion(tx, ctx.organizationId, id, current.version, { status: 'REMOVED' });
      if (!ok) throw versionConflict({ id });
      await this.repo.replaceTeams(tx, ctx.organizationId, id, []);
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'member.removed', 'membership', id, {
          before: { status: current.status, role: current.role, teamIds: current.teams.map((t) => t.teamId) },
          after: { status: 'REMOVED', teamIds: [] },
        }),
      );
    });
  }

  /**
   * An admin gives a member a new one-time password (the member forgot theirs): shown once in
   * the answer, `mustChangePassword` set (the forced-change flow applies at the next sign-in),
   * every session of the user revoked, `member.password_reset` on the org chain (no secret).
   * Refused for oneself (CANNOT_CHANGE_SELF: use /me/password), above one's rank (FORBIDDEN),
   * and for a user this org does not own alone: a member of another organization or a platform
   * admin (PASSWORD_RESET_NOT_ALLOWED). An org admin must not be able to take over an account
   * other tenants rely on. Not idempotent on purpose: a repeat issues a newer password and the
   * older one stops working, so a retry is safe, and no stored answer keeps the secret.
   */
  async resetPassword(ctx: OrgContext, id: string): Promise<TPasswordResetResponse> {
    const actor = ctx.actorUserId ?? ctx.membershipId ?? 'key';
    const { passwordResetsPerAdmin, loginWindowSeconds } = this.config.auth;
    const limit = await this.limiter.hit(`password-reset:actor:${actor}`, passwordResetsPerAdmin, loginWindowSeconds);
    if (!limit.allowed) throw AuthErrors.rateLimited(limit.retryAfterSeconds);

    // refusals answer before the ~60 ms hash
    await this.assertResettable(undefined, ctx, id);
    const oneTimePassword = generateOneTimePassword();
    const passwordHash = await hashPassword(oneTimePassword); // outside the transaction: it takes ~60 ms
    const member = await this.repo.transaction(async (tx) => {
      // decided again inside the transaction, on the locked rows: the member may have been removed,
      // promoted or widened meanwhile, and cannot be until this commits
      await this.repo.lockMemberAndUser(tx, ctx.organizationId, id);
      const current = await this.assertResettable(tx, ctx, id);
      await this.repo.setOneTimePassword(tx, current.user.id, passwordHash);
      const revoked = await this.tokens.revokeAllOfUser(tx, current.user.id, 'PASSWORD_RESET');
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'member.password_reset', 'membership', id, {
          userId: current.user.id,
          sessionTokensRevoked: revoked,
        }),
      );
      return current;
    });
    return { member: toMember(member), oneTimePassword };
  }

  private async assertResettable(db: Tx | undefined, ctx: OrgContext, id: string): Promise<MemberRow> {
    const current = await this.repo.findByIdTx(db, ctx.organizationId, id, memberScope(ctx));
    if (!current || current.status === 'REMOVED') throw TenancyErrors.memberNotFound();
    if (id === ctx.membershipId) throw TenancyErrors.cannotResetOwnPassword();
    if (ROLE_RANK[current.role] > rankOf(ctx.role)) throw TenancyErrors.roleTooHigh(current.role);
    // a TEAM admin must not take over an account that sees more than they do (an ORG admin)
    assertWithinReach(ctx, current);
    if (await this.repo.isPlatformAdmin(db, current.user.id))
      throw TenancyErrors.passwordResetNotAllowed('PLATFORM_ADMIN');
    if ((await this.repo.countOtherOrgMemberships(db, ctx.organizationId, current.user.id)) > 0) {
      throw TenancyErrors.passwordResetNotAllowed('OTHER_ORGANIZATIONS');
    }
    return current;
  }

  private async assertAnotherOwner(tx: Tx, organizationId: string, exceptId: string): Promise<void> {
    const owners = await this.repo.lockActiveOwners(tx, organizationId);
    if (owners.filter((o) => o !== exceptId).length === 0) throw TenancyErrors.lastOwner();
  }

  private async assertTeams(tx: Tx, organizationId: string, teamIds: readonly string[]): Promise<void> {
    if (!teamIds.length) return;
    const n = await this.repo.countTeams(tx, organizationId, teamIds);
    if (n !== teamIds.length) throw TenancyErrors.teamNotFound([...teamIds]);
  }
}
