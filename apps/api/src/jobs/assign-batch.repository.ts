import { Injectable } from '@nestjs/common';
import type { JobStatus, Prisma } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';
import { jobInclude } from './jobs.mappers.js';
import type { AssignmentData } from './jobs.repository.js';

/** Prisma for assigning many jobs at once (an execution's batch): set-based reads and writes. Bound to one org. */
@Injectable()
export class AssignBatchRepository {
  constructor(private readonly prisma: PrismaService) {}

  findJobs(db: Tx | undefined, organizationId: string, ids: readonly string[], scope: Prisma.JobWhereInput) {
    return (db ?? this.prisma.client).job.findMany({
      where: { AND: [{ organizationId, id: { in: [...ids] } }, scope] },
      include: jobInclude,
    });
  }

  /** The item keys among `itemKeys` that already have an assignment (a run killed before its receipts). */
  async usedItemKeys(organizationId: string, itemKeys: readonly string[]): Promise<Set<string>> {
    const rows = await this.prisma.client.assignment.findMany({
      where: { organizationId, itemKey: { in: [...itemKeys] } },
      select: { itemKey: true },
    });
    return new Set(rows.map((r) => r.itemKey!));
  }

  findMemberships(organizationId: string, ids: readonly string[]) {
    return this.prisma.client.membership.findMany({
      where: { organizationId, id: { in: [...ids] } },
      select: { id: true, role: true, status: true },
    });
  }

  /** Locks the jobs (id order: no deadlock between two batches) and returns their status and version. */
  async lockJobs(tx: Tx, organizationId: string, ids: readonly string[]) {
    const rows = await tx.$queryRaw<{ id: string; status: JobStatus; version: number }[]>`
      SELECT id::text AS id, status::text AS status, version FROM "Job"
      WHERE "organizationId" = ${organizationId}::uuid AND id = ANY(${[...ids]}::uuid[])
      ORDER BY id FOR UPDATE`;
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** The state-change write of many jobs at once (their versions were checked under lock); how many moved. */
  async schedule(
    tx: Tx,
    organizationId: string,
    ids: readonly string[],
    statuses: readonly JobStatus[],
    scope: Prisma.JobWhereInput,
  ): Promise<number> {
    const res = await tx.job.updateMany({
      where: { AND: [{ organizationId, id: { in: [...ids] }, status: { in: [...statuses] } }, scope] },
      data: { status: 'SCHEDULED', version: { increment: 1 } },
    });
    return res.count;
  }

  /** Share-locks the machines; their current status. */
  async lockAssets(tx: Tx, organizationId: string, ids: readonly string[]): Promise<Map<string, string>> {
    const rows = await tx.$queryRaw<{ id: string; status: string }[]>`
      SELECT id::text AS id, status::text AS status FROM "Asset"
      WHERE "organizationId" = ${organizationId}::uuid AND id = ANY(${[...ids]}::uuid[]) AND "deletedAt" IS NULL
      ORDER BY id FOR SHARE`;
    return new Map(rows.map((r) => [r.id, r.status]));
  }

  /** Share-locks the operators' memberships; their role and status. */
  async lockMemberships(tx: Tx, organizationId: string, ids: readonly string[]) {
    const rows = await tx.$queryRaw<{ id: string; role: string; status: string }[]>`
      SELECT id::text AS id, role::text AS role, status::text AS status FROM "Membership"
      WHERE "organizationId" = ${organizationId}::uuid AND id = ANY(${[...ids]}::uuid[])
      ORDER BY id FOR SHARE`;
    return new Map(rows.map((r) => [r.id, r]));
  }

  liveAssignments(tx: Tx, organizationId: string, jobIds: readonly string[]) {
    return tx.assignment.findMany({
      where: { organizationId, jobId: { in: [...jobIds] }, releasedAt: null },
      select: { id: true, jobId: true },
    });
  }

  /** Assignments with their machines (ids chosen by the caller): two inserts in all. */
  async createAssignments(
    tx: Tx,
    organizationId: string,
    rows: readonly (AssignmentData & { id: string })[],
  ): Promise<void> {
    await tx.assignment.createMany({
      data: rows.map(({ machines: _machines, ...a }) => ({ ...a, organizationId })),
    });
    await tx.assignmentMachine.createMany({
      data: rows.flatMap((a) =>
        a.machines.map((m) => ({ organizationId, assignmentId: a.id, assetId: m.assetId, role: m.role })),
      ),
    });
  }
}
