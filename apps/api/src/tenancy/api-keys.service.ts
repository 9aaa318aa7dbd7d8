import { Injectable } from '@nestjs/common';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TApiKey, TCreateApiKeyRequest, TCreateApiKeyResponse } from '@amms/contracts/api-keys';
import { permissionsOf, ZPermission, type TDataScope, type TPermission } from '@amms/contracts/permissions';
import { decodeIdCursor, pageOf } from '../platform/http/cursor.js';
import { AuditService } from '../audit/audit.service.js';
import { AppError, notFound } from '../platform/errors/app-error.js';
import { AuthErrors } from '../auth/auth.errors.js';
import type { AuthPrincipal, OrgContext } from '../platform/access/context.js';
import { ApiKeysRepository } from './api-keys.repository.js';
import { beyondReach, intersectReach } from './reach.js';
import { TenancyErrors } from './tenancy.errors.js';
import { may } from '../platform/access/permission.js';

/**
 * Never grantable to a key: managing people and keys, and confirming drafts (a
 * person confirms what the agent prepared; an integration cannot).
 */
export const NON_GRANTABLE_KEY_SCOPES: readonly TPermission[] = ['member.manage', 'apikey.manage', 'draft.confirm'];

const sha = (s: string) => createHash('sha256').update(s).digest();
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function randomPrefix(): string {
  let out = '';
  for (const b of randomBytes(12)) out += ALPHABET[b % ALPHABET.length];
  return out;
}

type ApiKeyRow = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  dataScope: TDataScope;
  teamIds: string[];
  createdById: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
};

function toApiKey(r: ApiKeyRow): TApiKey {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes.filter((s): s is TPermission => ZPermission.safeParse(s).success),
    dataScope: r.dataScope,
    teamIds: [...r.teamIds].sort(),
    createdById: r.createdById,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
  };
}

@Injectable()
export class ApiKeysService {
  constructor(
    private readonly repo: ApiKeysRepository,
    private readonly audit: AuditService,
  ) {}

  async create(ctx: OrgContext, input: TCreateApiKeyRequest): Promise<TCreateApiKeyResponse> {
    const scopes = [...new Set(input.scopes)];
    const refused = scopes.filter((s) => NON_GRANTABLE_KEY_SCOPES.includes(s) || !may(ctx, s));
    if (refused.length) {
      throw new AppError(
        'SCOPE_NOT_GRANTABLE',
        'A key cannot get these scopes (not yours to grant, or never for keys)',
        { scopes: refused },
      );
    }
    // the key acts for its creator: never a wider reach than theirs (defaults to exactly theirs)
    if (!ctx.membershipId || !ctx.actorUserId) throw new AppError('FORBIDDEN', 'Only a member can create API keys');
    const reach = {
      dataScope: input.dataScope ?? ctx.dataScope,
      teamIds: [...new Set(input.teamIds ?? ctx.teamIds)].sort(),
    };
    const beyond = beyondReach(reach, ctx);
    if (beyond) throw TenancyErrors.scopeNotGrantable(beyond);
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw new AppError('VALIDATION_FAILED', 'expiresAt must be in the future', [
        { path: 'expiresAt', message: 'must be in the future', code: 'too_small' },
      ]);
    }
    const prefix = randomPrefix();
    const secret = randomBytes(32).toString('base64url');
    const row = await this.repo.transaction(async (tx) => {
      if (
        reach.teamIds.length > 0 &&
        (await this.repo.countTeams(tx, ctx.organizationId, reach.teamIds)) !== reach.teamIds.length
      ) {
        throw TenancyErrors.teamNotFound(reach.teamIds);
      }
      const created = await this.repo.create(tx, {
        organizationId: ctx.organizationId,
        name: input.name,
        prefix,
        secretHash: sha(secret).toString('hex'),
        scopes,
        dataScope: reach.dataScope,
        teamIds: reach.teamIds,
        createdById: ctx.actorUserId!,
        createdByMembershipId: ctx.membershipId,
        expiresAt,
      });
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'apikey.created', 'api_key', created.id, { name: input.name, scopes, prefix, ...reach }),
      );
      return created;
    });
    return { apiKey: toApiKey(row), key: `amms_${prefix}_${secret}` };
  }

  async list(ctx: OrgContext, limit: number, cursor?: string) {
    const afterId = cursor ? decodeIdCursor(cursor) : undefined;
    const rows = await this.repo.list(ctx.organizationId, afterId, limit + 1);
    return pageOf(rows, limit, toApiKey);
  }

  async revoke(ctx: OrgContext, id: string): Promise<TApiKey> {
    return this.repo.transaction(async (tx) => {
      const existing = await this.repo.find(tx, ctx.organizationId, id);
      if (!existing) throw notFound('API key');
      if (existing.revokedAt) return toApiKey(existing); // revoking twice is a no-op
      const res = await this.repo.revoke(tx, ctx.organizationId, id);
      if (res.count === 1) {
        await this.audit.append(
          tx,
          this.audit.forCtx(ctx, 'apikey.revoked', 'api_key', id, { prefix: existing.prefix }),
        );
      }
      return toApiKey(await this.repo.get(tx, id));
    });
  }

  /**
   * `amms_<prefix>_<secret>` → the key's principal, or 401. The key acts for its creator, read
   * as they are now: a creator who is no longer an ACTIVE member leaves the key unusable (401),
   * and the key never holds more than the creator's current role, data scope and teams.
   */
  async authenticate(raw: string): Promise<AuthPrincipal> {
    const m = /^amms_([a-z2-9]{12})_([A-Za-z0-9_-]{43})$/.exec(raw);
    if (!m) throw AuthErrors.tokenInvalid();
    const [, prefix, secret] = m as unknown as [string, string, string];
    const key = await this.repo.findByPrefix(prefix);
    if (!key) throw AuthErrors.tokenInvalid();
    const expected = Buffer.from(key.secretHash, 'hex');
    const given = sha(secret);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw AuthErrors.tokenInvalid();
    if (key.revokedAt) throw AuthErrors.tokenInvalid();
    if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) throw AuthErrors.tokenExpired();
    if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > 60_000) {
      await this.repo.touch(key.id);
    }
    const creator = key.createdByMembershipId
      ? await this.repo.loadCreator(key.organizationId, key.createdByMembershipId)
      : null;
    if (!creator || creator.status !== 'ACTIVE')
      throw new AppError(
        'TOKEN_INVALID',
        'The member this key acts for is no longer an active member of the organization',
      );
    const held = permissionsOf(creator.role);
    const scopes = key.scopes.filter(
      (s): s is TPermission =>
        ZPermission.safeParse(s).success &&
        !NON_GRANTABLE_KEY_SCOPES.includes(s as TPermission) &&
        held.has(s as TPermission),
    );
    const reach = intersectReach({ dataScope: key.dataScope, teamIds: key.teamIds }, creator);
    return {
      kind: 'API_KEY',
      apiKeyId: key.id,
      organizationId: key.organizationId,
      scopes,
      membershipId: creator.id,
      userId: creator.userId,
      ...reach,
    };
  }
}
