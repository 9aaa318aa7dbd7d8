import { Injectable } from '@nestjs/common';
import type { AssetStatus, MachineKind, MeterSource, Prisma } from '@amms/db';
import { keysetArgs, type ScopedKeysetPage } from '../platform/http/list-page.js';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';
import { visibleModels } from './machine-models.repository.js';

export interface AssetFilter extends ScopedKeysetPage<Prisma.AssetWhereInput, Prisma.AssetOrderByWithRelationInput> {
  status?: AssetStatus;
  teamId?: string;
  modelId?: string;
  /** the model's kind */
  kind?: MachineKind | undefined;
  q?: string;
}

export interface AssetData {
  modelId: string;
  teamId: string | null;
  name: string;
  serialNumber: string;
  plateNumber: string | null;
  purchaseDate: Date | null;
  purchaseCostMinor: bigint | null;
  status: AssetStatus;
  /** the photo recognition the model was picked from, with the chosen candidate's confidence */
  recognitionId?: string | null;
  recognitionConfidence?: string | null;
  recognitionModelVersion?: string | null;
}

export interface MeterReadingData {
  assetId: string;
  readingHours: string;
  readAt: Date;
  source: MeterSource;
  isReplacement: boolean;
  jumpConfirmed: boolean;
  recordedByUserId: string | null;
}

const latestFirst = [
  { readAt: 'desc' },
  { createdAt: 'desc' },
  { id: 'desc' },
] as const satisfies Prisma.MeterReadingOrderByWithRelationInput[];

/** Prisma for assets and meter readings. Every method is bound to one org. Models: MachineModelsRepository. */
@Injectable()
export class AssetsRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  /** A platform model or one of the org's own (a new or edited asset's model). */
  findVisibleModel(db: Tx | undefined, organizationId: string, id: string) {
    return (db ?? this.prisma.client).machineModel.findFirst({
      where: { AND: [{ id }, visibleModels(organizationId)] },
    });
  }

  // --- teams (existence in this org) ----------------------------------------

  async teamExists(tx: Tx, organizationId: string, teamId: string): Promise<boolean> {
    return (await tx.team.count({ where: { id: teamId, organizationId } })) === 1;
  }

  // --- assets -----------------------------------------------------------------

  listAssets(organizationId: string, f: AssetFilter) {
    return this.prisma.client.asset.findMany({
      ...keysetArgs(
        f,
        { organizationId, deletedAt: null },
        f.status ? { status: f.status } : {},
        f.teamId ? { teamId: f.teamId } : {},
        f.modelId ? { modelId: f.modelId } : {},
        f.kind ? { model: { kind: f.kind } } : {},
        f.q
          ? {
              OR: [
                { name: { contains: f.q, mode: 'insensitive' } },
                { serialNumber: { contains: f.q, mode: 'insensitive' } },
                { plateNumber: { contains: f.q, mode: 'insensitive' } },
              ],
            }
          : {},
      ),
    });
  }

  /** Live assets in scope with their model's kind and operation types (agent planning), ordered by id. */
  listAssetsWithModel(organizationId: string, scope: Prisma.AssetWhereInput, limit: number) {
    return this.prisma.client.asset.findMany({
      where: { AND: [{ organizationId, deletedAt: null, status: { not: 'RETIRED' } }, scope] },
      include: { model: { select: { kind: true, operationTypes: true } } },
      orderBy: { id: 'asc' },
      take: limit,
    });
  }

  /** A live (not soft-deleted) asset of the org within the caller's scope. */
  findAssetById(db: Tx | undefined, organizationId: string, id: string, scope: Prisma.AssetWhereInput) {
    return (db ?? this.prisma.client).asset.findFirst({
      where: { AND: [{ id, organizationId, deletedAt: null }, scope] },
    });
  }

  findAssetByIdWithModel(db: Tx | undefined, organizationId: string, id: string, scope: Prisma.AssetWhereInput) {
    return (db ?? this.prisma.client).asset.findFirst({
      where: { AND: [{ id, organizationId, deletedAt: null }, scope] },
      include: { model: true },
    });
  }

  /** A photo recognition of this org (its candidates and model version). */
  findRecognition(tx: Tx, organizationId: string, id: string) {
    return tx.machineRecognition.findFirst({
      where: { id, organizationId },
      select: { id: true, modelVersion: true, candidates: true },
    });
  }

  createAsset(tx: Tx, organizationId: string, data: AssetData) {
    return tx.asset.create({ data: { ...data, organizationId } });
  }

  /** Conditional update on the version the caller saw: false → it changed (or was deleted) meanwhile. */
  async updateAssetIfVersion(
    tx: Tx,
    organizationId: string,
    id: string,
    version: number,
    data: Partial<AssetData>,
  ): Promise<boolean> {
    const res = await tx.asset.updateMany({
      where: { id, organizationId, version, deletedAt: null },
      data: { ...data, version: { increment: 1 } },
    });
    return res.count === 1;
  }

  /** false → already deleted (a concurrent delete won). */
  async softDeleteAsset(tx: Tx, organizationId: string, id: string): Promise<boolean> {
    const res = await tx.asset.updateMany({
      where: { id, organizationId, deletedAt: null },
      data: { deletedAt: new Date(), version: { increment: 1 } },
    });
    return res.count === 1;
  }

  /** An open work order whose downtime keeps the machine out of service (the oldest), or null. */
  findHoldingWorkOrder(tx: Tx, organizationId: string, assetId: string) {
    return tx.workOrder.findFirst({
      where: {
        organizationId,
        assetId,
        status: { in: ['OPEN', 'IN_PROGRESS', 'AWAITING_ACCEPTANCE'] },
        causesDowntime: true,
        downtimeStartedAt: { not: null },
        downtimeEndedAt: null,
      },
      orderBy: [{ downtimeStartedAt: 'asc' }, { id: 'asc' }],
      select: { id: true, number: true, status: true },
    });
  }

  /**
   * Locks a live asset row (FOR UPDATE) for the rest of the transaction: meter readings of
   * one asset are checked and written one at a time, so two cannot both pass the check.
   */
  async lockAsset(tx: Tx, organizationId: string, id: string): Promise<boolean> {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Asset"
      WHERE id = ${id}::uuid AND "organizationId" = ${organizationId}::uuid AND "deletedAt" IS NULL
      FOR UPDATE`;
    return rows.length === 1;
  }

  /** kept by the telematics ingest: one row per machine */
  findLastPosition(organizationId: string, assetId: string) {
    return this.prisma.client.assetLastPosition.findFirst({
      where: { organizationId, assetId },
      select: { at: true, latitude: true, longitude: true },
    });
  }

  // --- meter readings ---------------------------------------------------------

  /** The latest reading that counts: voided readings are ignored everywhere. */
  findLatestReading(db: Tx | undefined, organizationId: string, assetId: string) {
    return (db ?? this.prisma.client).meterReading.findFirst({
      where: { organizationId, assetId, voidedAt: null },
      orderBy: latestFirst,
    });
  }

  findReading(tx: Tx, organizationId: string, assetId: string, id: string) {
    return tx.meterReading.findFirst({ where: { id, organizationId, assetId } });
  }

  /** false → already voided (a concurrent void won). */
  async voidReading(
    tx: Tx,
    organizationId: string,
    id: string,
    data: { voidedByUserId: string | null; voidReason: string },
  ): Promise<boolean> {
    const res = await tx.meterReading.updateMany({
      where: { id, organizationId, voidedAt: null },
      data: { ...data, voidedAt: new Date() },
    });
    return res.count === 1;
  }

  /**
   * A job's start / end meter that came from a voided reading (recorded with the job's start /
   * completion time on its primary machine) no longer counts: cleared, so the job's hours are
   * not derived from it. Returns the ids of the jobs changed.
   */
  async clearJobMeters(
    tx: Tx,
    organizationId: string,
    assetId: string,
    readAt: Date,
    hours: string,
  ): Promise<string[]> {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      UPDATE "Job" j SET
        "startMeterHours" = CASE WHEN j."startedAt" = ${readAt} AND j."startMeterHours" = ${hours}::numeric THEN NULL ELSE j."startMeterHours" END,
        "endMeterHours" = CASE WHEN j."completedAt" = ${readAt} AND j."endMeterHours" = ${hours}::numeric THEN NULL ELSE j."endMeterHours" END,
        version = j.version + 1, "updatedAt" = now()
      WHERE j."organizationId" = ${organizationId}::uuid
        AND ((j."startedAt" = ${readAt} AND j."startMeterHours" = ${hours}::numeric) OR (j."completedAt" = ${readAt} AND j."endMeterHours" = ${hours}::numeric))
        AND EXISTS (SELECT 1 FROM "Assignment" a JOIN "AssignmentMachine" am ON am."assignmentId" = a.id
                    WHERE a."jobId" = j.id AND am."assetId" = ${assetId}::uuid AND am.role = 'PRIMARY')
      RETURNING j.id::text AS id`;
    return rows.map((r) => r.id);
  }

  createReading(tx: Tx, organizationId: string, data: MeterReadingData) {
    return tx.meterReading.create({ data: { ...data, organizationId } });
  }

  /** Newest first; `after` is the (readAt, id) of the last row of the previous page. */
  listReadings(
    organizationId: string,
    assetId: string,
    limit: number,
    after?: { readAt: Date; createdAt: Date; id: string },
  ) {
    return this.prisma.client.meterReading.findMany({
      where: {
        organizationId,
        assetId,
        ...(after
          ? {
              OR: [
                { readAt: { lt: after.readAt } },
                { readAt: after.readAt, createdAt: { lt: after.createdAt } },
                { readAt: after.readAt, createdAt: after.createdAt, id: { lt: after.id } },
              ],
            }
          : {}),
      },
      orderBy: latestFirst,
      take: limit,
    });
  }
}
