import { Injectable } from '@nestjs/common';
import type { TCreateTeamRequest, TTeam, TUpdateTeamRequest } from '@amms/contracts/teams';
import { PrismaService } from '../platform/prisma/prisma.service.js';
import { decodeCursor, pageOf } from '../platform/http/cursor.js';
import { AuditService } from '../audit/audit.service.js';
import { CacheService } from '../platform/cache/cache.service.js';
import { TenancyErrors } from './tenancy.errors.js';
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

const withCount = { _count: { select: { members: true } } } as const;

@Injectable()
export class TeamsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly cache: CacheService,
  ) {}

  async list(ctx: OrgContext, limit: number, cursor?: string) {
    const afterName = cursor ? decodeCursor(cursor) : undefined;
    const rows = await this.prisma.client.team.findMany({
      where: { organizationId: ctx.organizationId, ...(afterName ? { name: { gt: afterName } } : {}) },
      include: withCount,
      orderBy: { name: 'asc' },
      take: limit + 1,
    });
    return pageOf(rows, limit, toTeam, (t) => t.name);
  }

  async get(ctx: OrgContext, id: string): Promise<TTeam> {
    const t = await this.prisma.client.team.findFirst({
      where: { id, organizationId: ctx.organizationId },
      include: withCount,
    });
    if (!t) throw TenancyErrors.teamNotFound();
    return toTeam(t);
  }

  async create(ctx: OrgContext, input: TCreateTeamRequest): Promise<TTeam> {
    try {
      return await this.prisma.client.$transaction(async (tx) => {
        const t = await tx.team.create({
          data: { organizationId: ctx.organizationId, name: input.name, description: input.description ?? null },
          include: withCount,
        });
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
      return await this.prisma.client.$transaction(async (tx) => {
        const before = await tx.team.findFirst({
          where: { id, organizationId: ctx.organizationId },
          include: withCount,
        });
        if (!before) throw TenancyErrors.teamNotFound();
        await tx.team.updateMany({
          where: { id, organizationId: ctx.organizationId },
          data: {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
          },
        });
        const after = await tx.team.findUniqueOrThrow({ where: { id }, include: withCount });
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
    const assetIds = await this.prisma.client.$transaction(async (tx) => {
      const before = await tx.team.findFirst({ where: { id, organizationId: org }, include: withCount });
      if (!before) throw TenancyErrors.teamNotFound();
      // the team's machines, fields and jobs stay, without a team (their FKs restrict deleting a
      // team that still has rows): TEAM-scoped members of other teams still do not see them,
      // ORG-scoped members do, and an admin can file them into another team
      const owned = await tx.asset.findMany({ where: { organizationId: org, teamId: id }, select: { id: true } });
      const unassigned = await tx.asset.updateMany({
        where: { organizationId: org, teamId: id },
        data: { teamId: null, version: { increment: 1 } },
      });
      const fields = await tx.field.updateMany({
        where: { organizationId: org, teamId: id },
        data: { teamId: null, version: { increment: 1 } },
      });
      const jobs = await tx.job.updateMany({
        where: { organizationId: org, teamId: id },
        data: { teamId: null, version: { increment: 1 } },
      });
      await tx.team.deleteMany({ where: { id, organizationId: org } });
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'team.deleted', 'team', id, {
          before: { name: before.name, memberCount: before._count.members },
          unassignedAssets: unassigned.count,
          unassignedFields: fields.count,
          unassignedJobs: jobs.count,
        }),
      );
      return owned.map((a) => a.id);
    });
    // after the commit: cached asset lists/details (and analytics by team) changed
    await this.cache.invalidate(org, {
      resources: ['asset', 'analytics'],
      details: assetIds.map((assetId) => ({ resource: 'asset' as const, id: assetId })),
    });
  }
}
