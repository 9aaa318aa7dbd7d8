import { Injectable } from '@nestjs/common';
import type { TCreateTeamRequest, TTeam, TUpdateTeamRequest } from '@amms/contracts/teams';
import { decodeCursor, pageOf } from '../platform/http/cursor.js';
import { AuditService } from '../audit/audit.service.js';
import { CacheService } from '../platform/cache/cache.service.js';
import { TenancyErrors } from './tenancy.errors.js';
import { TeamsRepository } from './teams.repository.js';
import { diff } from '../audit/changes.js';
import type { OrgContext } from '../platform/access/context.js';
import { isUniqueViolation } from '../platform/prisma/db-errors.js';

type TeamRow = {
  id: string;
  name: string;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
  _count: { members: number };
};

function toTeam(t: TeamRow): TTeam {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    memberCount: t._count.members,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

@Injectable()
export class TeamsService {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly audit: AuditService,
    private readonly cache: CacheService,
  ) {}

  async list(ctx: OrgContext, limit: number, cursor?: string) {
    const afterName = cursor ? decodeCursor(cursor) : undefined;
    const rows = await this.teams.list(ctx.organizationId, limit, afterName);
    return pageOf(rows, limit, toTeam, (t) => t.name);
  }

  async get(ctx: OrgContext, id: string): Promise<TTeam> {
    const t = await this.teams.find(ctx.organizationId, id);
    if (!t) throw TenancyErrors.teamNotFound();
    return toTeam(t);
  }

  async create(ctx: OrgContext, input: TCreateTeamRequest): Promise<TTeam> {
    try {
      return await this.teams.transaction(async (tx) => {
        const t = await this.teams.create(tx, ctx.organizationId, input.name, input.description ?? null);
        await this.audit.append(
          tx,
          this.audit.forCtx(ctx, 'team.created', 'team', t.id, { after: { name: t.name, description: t.description } }),
        );
        return toTeam(t);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw TenancyErrors.teamNameTaken(input.name);
      throw err;
    }
  }

  async update(ctx: OrgContext, id: string, input: TUpdateTeamRequest): Promise<TTeam> {
    try {
      return await this.teams.transaction(async (tx) => {
        const before = await this.teams.find(ctx.organizationId, id, tx);
        if (!before) throw TenancyErrors.teamNotFound();
        const after = await this.teams.update(tx, ctx.organizationId, id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
        });
        await this.audit.append(
          tx,
          this.audit.forCtx(ctx, 'team.updated', 'team', id, diff(toTeam(before), toTeam(after))),
        );
        return toTeam(after);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw TenancyErrors.teamNameTaken(input.name ?? '');
      throw err;
    }
  }

  async remove(ctx: OrgContext, id: string): Promise<void> {
    const org = ctx.organizationId;
    const assetIds = await this.teams.transaction(async (tx) => {
      const before = await this.teams.find(org, id, tx);
      if (!before) throw TenancyErrors.teamNotFound();
      // the team's machines, fields and jobs stay, without a team: TEAM-scoped members of other
      // teams still do not see them, ORG-scoped members do, and an admin can file them into another team
      const removed = await this.teams.removeKeepingRows(tx, org, id);
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'team.deleted', 'team', id, {
          before: { name: before.name, memberCount: before._count.members },
          unassignedAssets: removed.unassignedAssets,
          unassignedFields: removed.unassignedFields,
          unassignedJobs: removed.unassignedJobs,
        }),
      );
      return removed.assetIds;
    });
    // after the commit: cached asset lists/details (and analytics by team) changed
    await this.cache.invalidate(org, {
      resources: ['asset', 'analytics', 'map'],
      details: assetIds.map((assetId) => ({ resource: 'asset' as const, id: assetId })),
    });
  }
}
