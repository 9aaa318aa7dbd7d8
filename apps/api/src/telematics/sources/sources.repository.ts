import { Injectable } from '@nestjs/common';
import type { Prisma, TelematicsEquipment, TelematicsSource } from '@amms/db';
import { PrismaService, type Tx } from '../../platform/prisma/prisma.service.js';
import { memberFactsSelect } from '../../tenancy/memberships.repository.js';

export type SourceRow = TelematicsSource & { linkedUnits: number; unmatchedUnits: number };

export interface UnitSeen {
  equipmentKey: string;
  oemName: string | null;
  model: string | null;
  serialNumber: string | null;
  pin: string | null;
}

/** Telematics sources and the units they report. */
@Injectable()
export class SourcesRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  private async withCounts(rows: TelematicsSource[]): Promise<SourceRow[]> {
    if (rows.length === 0) return [];
    const counts = await this.prisma.client.telematicsEquipment.groupBy({
      by: ['sourceId', 'assetId'],
      where: { sourceId: { in: rows.map((r) => r.id) }, OR: [{ assetId: { not: null } }, { ignoredAt: null }] },
      _count: { _all: true },
    });
    return rows.map((r) => {
      const mine = counts.filter((c) => c.sourceId === r.id);
      return {
        ...r,
        linkedUnits: mine.filter((c) => c.assetId !== null).reduce((n, c) => n + c._count._all, 0),
        unmatchedUnits: mine.filter((c) => c.assetId === null).reduce((n, c) => n + c._count._all, 0),
      };
    });
  }

  async list(organizationId: string): Promise<SourceRow[]> {
    return this.withCounts(
      await this.prisma.client.telematicsSource.findMany({
        where: { organizationId, deletedAt: null },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      }),
    );
  }

  async find(organizationId: string, id: string): Promise<SourceRow | null> {
    const row = await this.prisma.client.telematicsSource.findFirst({ where: { organizationId, id, deletedAt: null } });
    return row ? (await this.withCounts([row]))[0]! : null;
  }

  lock(tx: Tx, organizationId: string, id: string): Promise<TelematicsSource | null> {
    return tx.$queryRaw<TelematicsSource[]>`
      SELECT * FROM "TelematicsSource"
      WHERE "organizationId" = ${organizationId}::uuid AND id = ${id}::uuid AND "deletedAt" IS NULL
      FOR UPDATE`.then((r) => r[0] ?? null);
  }

  create(tx: Tx, data: Prisma.TelematicsSourceUncheckedCreateInput): Promise<TelematicsSource> {
    return tx.telematicsSource.create({ data });
  }

  update(
    tx: Tx | undefined,
    organizationId: string,
    id: string,
    data: Prisma.TelematicsSourceUncheckedUpdateManyInput,
  ): Promise<unknown> {
    return (tx ?? this.prisma.client).telematicsSource.updateMany({ where: { organizationId, id }, data });
  }

  /** Every live, enabled source of every org (the worker's schedules). */
  enabledSources(): Promise<{ id: string; organizationId: string; pollEveryMinutes: number }[]> {
    return this.prisma.client.telematicsSource.findMany({
      where: { deletedAt: null, enabled: true },
      select: { id: true, organizationId: true, pollEveryMinutes: true },
    });
  }

  creator(organizationId: string, membershipId: string) {
    return this.prisma.client.membership.findFirst({
      where: { organizationId, id: membershipId },
      select: memberFactsSelect,
    });
  }

  /** Records the units a page reported (new ones unlinked), answers their rows. */
  async upsertUnits(organizationId: string, sourceId: string, units: UnitSeen[], at: Date) {
    if (units.length === 0) return [];
    const keys = units.map((u) => u.equipmentKey);
    await this.prisma.client.telematicsEquipment.createMany({
      data: units.map((u) => ({ organizationId, sourceId, ...u, lastSeenAt: at })),
      skipDuplicates: true,
    });
    await this.prisma.client.telematicsEquipment.updateMany({
      where: { sourceId, equipmentKey: { in: keys } },
      data: { lastSeenAt: at },
    });
    return this.prisma.client.telematicsEquipment.findMany({ where: { sourceId, equipmentKey: { in: keys } } });
  }

  /** The org's live machines whose serial number is one of these (any case). */
  assetsBySerial(organizationId: string, serials: string[]) {
    if (serials.length === 0) return Promise.resolve([]);
    return this.prisma.client.asset.findMany({
      where: { organizationId, deletedAt: null, serialNumber: { in: serials, mode: 'insensitive' } },
      select: { id: true, serialNumber: true },
    });
  }

  setMatch(ids: string[], assetId: string | null, reason: string | null) {
    if (ids.length === 0) return Promise.resolve();
    return this.prisma.client.telematicsEquipment.updateMany({
      where: { id: { in: ids } },
      data: { assetId, unmatchedReason: reason },
    });
  }

  listUnits(organizationId: string, where: Prisma.TelematicsEquipmentWhereInput) {
    return this.prisma.client.telematicsEquipment.findMany({
      where: { organizationId, source: { deletedAt: null }, ...where },
      include: { source: { select: { name: true } } },
      orderBy: [{ lastSeenAt: 'desc' }, { id: 'asc' }],
      take: 1000,
    });
  }

  findUnit(organizationId: string, id: string): Promise<TelematicsEquipment | null> {
    return this.prisma.client.telematicsEquipment.findFirst({
      where: { organizationId, id, source: { deletedAt: null } },
    });
  }

  updateUnit(tx: Tx, id: string, data: Prisma.TelematicsEquipmentUncheckedUpdateInput) {
    return tx.telematicsEquipment.update({ where: { id }, data, include: { source: { select: { name: true } } } });
  }
}
