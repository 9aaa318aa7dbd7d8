import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import { PrismaService, type Tx } from '../../platform/prisma/prisma.service.js';

/** The import's transaction, its per-row savepoints and the names a file's cells are resolved against. */
@Injectable()
export class ImportRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>, timeoutMs: number): Promise<T> {
    return this.prisma.client.$transaction(fn, { timeout: timeoutMs, maxWait: 10_000 });
  }

  /** runs `fn` under a savepoint: a throw rolls back only what `fn` wrote, and is thrown on */
  async inSavepoint<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
    await tx.$executeRawUnsafe('SAVEPOINT import_row');
    let out: T;
    try {
      out = await fn();
    } catch (err) {
      await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT import_row');
      throw err;
    }
    await tx.$executeRawUnsafe('RELEASE SAVEPOINT import_row');
    return out;
  }

  /** the org's timezone, teams, models (own + catalogue) and the fields `fieldWhere` lets the caller see */
  lookupRows(tx: Tx, organizationId: string, fieldWhere: Prisma.FieldWhereInput) {
    return Promise.all([
      tx.organization.findUnique({ where: { id: organizationId }, select: { timezone: true } }),
      tx.team.findMany({ where: { organizationId }, select: { id: true, name: true } }),
      tx.machineModel.findMany({
        where: { OR: [{ organizationId }, { organizationId: null }] },
        select: { id: true, manufacturer: true, name: true },
      }),
      tx.field.findMany({
        where: { AND: [{ organizationId, deletedAt: null }, fieldWhere] },
        select: { id: true, name: true },
      }),
    ]);
  }

  /** our own part numbers and the stock locations `locationWhere` lets the caller see */
  stockLookupRows(tx: Tx, organizationId: string, locationWhere: Prisma.StockLocationWhereInput) {
    return Promise.all([
      tx.part.findMany({ where: { organizationId }, select: { id: true, partNumber: true } }),
      tx.stockLocation.findMany({
        where: { AND: [{ organizationId }, locationWhere] },
        select: { id: true, name: true },
      }),
    ]);
  }
}
