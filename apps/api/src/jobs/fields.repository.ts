import { Injectable } from '@nestjs/common';
import { Prisma } from '@amms/db';
import type { TBbox } from '@amms/contracts/geo';
import { keysetArgs, type ScopedKeysetPage } from '../platform/http/list-page.js';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';

export interface FieldFilter extends ScopedKeysetPage<Prisma.FieldWhereInput, Prisma.FieldOrderByWithRelationInput> {
  q?: string;
  teamId?: string;
  crop?: string;
  /** only these ids (the fields in a bbox) */
  ids?: readonly string[];
  /** with / without a boundary (measuredAreaM2 is written and cleared with it) */
  boundary?: 'with' | 'without';
}

export interface FieldData {
  teamId: string | null;
  name: string;
  areaM2: number;
  crop: string | null;
  latitude: string | null;
  longitude: string | null;
  locationText: string | null;
  notes: string | null;
}

/** Jobs that still need their field: the field cannot be deleted under them. */
export const OPEN_JOB_STATUSES = ['PLANNED', 'SCHEDULED', 'IN_PROGRESS'] as const;

/** Prisma for fields. Every method is bound to one org; "live" = not soft-deleted. */
@Injectable()
export class FieldsRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  list(organizationId: string, f: FieldFilter) {
    return this.prisma.client.field.findMany({
      ...keysetArgs(
        f,
        { organizationId, deletedAt: null },
        f.q ? { name: { contains: f.q, mode: 'insensitive' } } : {},
        f.teamId ? { teamId: f.teamId } : {},
        f.crop ? { crop: { equals: f.crop, mode: 'insensitive' } } : {},
        f.ids ? { id: { in: [...f.ids] } } : {},
        f.boundary ? { measuredAreaM2: f.boundary === 'with' ? { not: null } : null } : {},
      ),
    });
  }

  /** Live fields' ids and names in id order, at most `limit`: one statement (the agent's known names). */
  names(organizationId: string, scope: Prisma.FieldWhereInput, limit: number) {
    return this.prisma.client.field.findMany({
      where: { AND: [{ organizationId, deletedAt: null }, scope] },
      select: { id: true, name: true },
      orderBy: { id: 'asc' },
      take: limit,
    });
  }

  findById(db: Tx | undefined, organizationId: string, id: string, scope: Prisma.FieldWhereInput) {
    return (db ?? this.prisma.client).field.findFirst({
      where: { AND: [{ id, organizationId, deletedAt: null }, scope] },
    });
  }

  create(tx: Tx, organizationId: string, data: FieldData) {
    return tx.field.create({ data: { ...data, organizationId } });
  }

  async updateIfVersion(
    tx: Tx,
    organizationId: string,
    id: string,
    version: number,
    data: Partial<FieldData>,
  ): Promise<boolean> {
    const res = await tx.field.updateMany({
      where: { id, organizationId, version, deletedAt: null },
      data: { ...data, version: { increment: 1 } },
    });
    return res.count === 1;
  }

  /** Marks the field deleted (and row-locks it until commit); false → already deleted. */
  async softDelete(tx: Tx, organizationId: string, id: string): Promise<boolean> {
    const res = await tx.field.updateMany({
      where: { id, organizationId, deletedAt: null },
      data: { deletedAt: new Date(), version: { increment: 1 } },
    });
    return res.count === 1;
  }

  countOpenJobs(tx: Tx, organizationId: string, fieldId: string): Promise<number> {
    return tx.job.count({ where: { organizationId, fieldId, status: { in: [...OPEN_JOB_STATUSES] } } });
  }

  /**
   * Share-locks a live field for the rest of the transaction, so it cannot be deleted while
   * a job is being created on it (the delete's row lock waits for us, then sees our job).
   */
  async lockLiveShared(tx: Tx, organizationId: string, id: string): Promise<boolean> {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Field"
      WHERE id = ${id}::uuid AND "organizationId" = ${organizationId}::uuid AND "deletedAt" IS NULL
      FOR SHARE`;
    return rows.length === 1;
  }

  async teamExists(tx: Tx, organizationId: string, teamId: string): Promise<boolean> {
    return (await tx.team.count({ where: { id: teamId, organizationId } })) === 1;
  }

  /** Live fields of the org whose boundary (or, without one, entered centroid) intersects the box (GiST on boundary). */
  async idsInBbox(organizationId: string, b: TBbox): Promise<string[]> {
    const env = Prisma.sql`ST_MakeEnvelope(${b.minLon}::float8, ${b.minLat}::float8, ${b.maxLon}::float8, ${b.maxLat}::float8, 4326)`;
    const rows = await this.prisma.client.$queryRaw<Array<{ id: string }>>`
      SELECT id FROM "Field"
      WHERE "organizationId" = ${organizationId}::uuid AND "deletedAt" IS NULL
        AND ((boundary IS NOT NULL AND boundary && ${env} AND ST_Intersects(boundary, ${env}))
          OR (boundary IS NULL AND latitude IS NOT NULL AND longitude IS NOT NULL
              AND latitude BETWEEN ${b.minLat} AND ${b.maxLat} AND longitude BETWEEN ${b.minLon} AND ${b.maxLon}))`;
    return rows.map((r) => r.id);
  }
}
