import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';
import { manualRefs } from './manual-refs.repository.js';

export const withSuppliers = {
  suppliers: { orderBy: [{ preferred: 'desc' as const }, { name: 'asc' as const }] },
} satisfies Prisma.PartInclude;

export type SupplierRow = Omit<Prisma.PartSupplierCreateManyInput, 'partId'>;

/** Prisma for the parts catalog. Every method is bound to one org. */
@Injectable()
export class PartsRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  /** A scan: the barcode, our part number or the maker's. */
  findByCode(organizationId: string, code: string) {
    return this.prisma.client.part.findMany({
      where: { organizationId, OR: [{ barcode: code }, { partNumber: code }, { makerPartNumber: code }] },
      include: withSuppliers,
      take: 10,
    });
  }

  list(where: Prisma.PartWhereInput, take: number) {
    return this.prisma.client.part.findMany({ where, include: withSuppliers, orderBy: { partNumber: 'asc' }, take });
  }

  findWithSuppliers(organizationId: string, id: string) {
    return this.prisma.client.part.findFirst({ where: { organizationId, id }, include: withSuppliers });
  }

  manualRefs(organizationId: string, numbers: readonly string[]) {
    return manualRefs(this.prisma.client, organizationId, numbers);
  }

  create(tx: Tx, data: Prisma.PartUncheckedCreateInput) {
    return tx.part.create({ data });
  }

  async addSuppliers(tx: Tx, partId: string, rows: readonly SupplierRow[]): Promise<void> {
    if (rows.length > 0) await tx.partSupplier.createMany({ data: rows.map((r) => ({ ...r, partId })) });
  }

  async replaceSuppliers(tx: Tx, organizationId: string, partId: string, rows: readonly SupplierRow[]): Promise<void> {
    await tx.partSupplier.deleteMany({ where: { organizationId, partId } });
    await this.addSuppliers(tx, partId, rows);
  }

  find(tx: Tx, organizationId: string, id: string) {
    return tx.part.findFirst({ where: { organizationId, id } });
  }

  /** Writes when the version still matches; false when it moved on. */
  async updateIf(
    tx: Tx,
    organizationId: string,
    id: string,
    version: number,
    data: Prisma.PartUpdateManyMutationInput,
  ) {
    const n = await tx.part.updateMany({
      where: { organizationId, id, version },
      data: { ...data, version: { increment: 1 } },
    });
    return n.count > 0;
  }

  /** The ones of `ids` that are models of the platform or of the org. */
  async visibleModelIds(tx: Tx, organizationId: string, ids: readonly string[]): Promise<string[]> {
    const found = await tx.machineModel.findMany({
      where: { id: { in: [...ids] }, OR: [{ organizationId: null }, { organizationId }] },
      select: { id: true },
    });
    return found.map((f) => f.id);
  }
}
