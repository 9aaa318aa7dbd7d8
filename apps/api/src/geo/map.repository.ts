import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import { PrismaService } from '../platform/prisma/prisma.service.js';

export interface MapFieldFilter {
  /** the caller's field scope (platform/access/job-scope.ts), applied in the query */
  scope: Prisma.FieldWhereInput;
  ids?: readonly string[];
  teamId?: string;
}

/** Prisma reads of the map (rows of one org); geometry comes from BoundaryRepository. */
@Injectable()
export class MapRepository {
  constructor(private readonly prisma: PrismaService) {}

  async timezone(organizationId: string): Promise<string> {
    const org = await this.prisma.client.organization.findUnique({
      where: { id: organizationId },
      select: { timezone: true },
    });
    return org?.timezone ?? 'Asia/Shanghai';
  }

  fields(organizationId: string, f: MapFieldFilter) {
    return this.prisma.client.field.findMany({
      where: {
        AND: [
          { organizationId, deletedAt: null },
          f.scope,
          f.ids ? { id: { in: [...f.ids] } } : {},
          f.teamId ? { teamId: f.teamId } : {},
        ],
      },
      select: {
        id: true,
        name: true,
        teamId: true,
        crop: true,
        areaM2: true,
        measuredAreaM2: true,
        latitude: true,
        longitude: true,
      },
      orderBy: { id: 'asc' },
    });
  }

  /** Jobs of these fields whose window overlaps [from, to), not cancelled, within the caller's job scope. */
  jobs(organizationId: string, fieldIds: readonly string[], from: Date, to: Date, scope: Prisma.JobWhereInput) {
    if (fieldIds.length === 0) return Promise.resolve([]);
    return this.prisma.client.job.findMany({
      where: {
        AND: [
          { organizationId, fieldId: { in: [...fieldIds] }, status: { not: 'CANCELLED' } },
          { windowStart: { lt: to }, windowEnd: { gt: from } },
          scope,
        ],
      },
      select: { fieldId: true, status: true, operationType: true, windowStart: true, windowEnd: true },
    });
  }

  /**
   * Visible machines with the field of their current assignment: the live (not released) one that
   * started last before `now`, else the next one to start. Their position until telematics report one.
   */
  machines(organizationId: string, scope: Prisma.AssetWhereInput, now: Date, kind?: string, teamId?: string) {
    return this.prisma.client.asset.findMany({
      where: {
        AND: [
          { organizationId, deletedAt: null },
          scope,
          kind ? { model: { kind: kind as 'POWER_UNIT' } } : {},
          teamId ? { teamId } : {},
        ],
      },
      select: {
        id: true,
        name: true,
        teamId: true,
        model: { select: { kind: true } },
        // where the machine's terminal last reported it (telematics/): preferred to its job's field
        lastPosition: { select: { latitude: true, longitude: true, at: true } },
        assignmentMachines: {
          where: { assignment: { releasedAt: null, startsAt: { lte: now }, job: { status: { not: 'CANCELLED' } } } },
          orderBy: { assignment: { startsAt: 'desc' } },
          take: 1,
          select: { assignment: { select: { job: { select: { fieldId: true } } } } },
        },
      },
      orderBy: { id: 'asc' },
    });
  }
}
