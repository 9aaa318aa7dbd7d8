import { Injectable } from '@nestjs/common';
import type { TStockImportRow } from '@amms/contracts/stock-import';
import type { OrgContext } from '../platform/access/context.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { InventoryErrors } from './inventory.errors.js';
import { LedgerRepository } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';
import { locationOf, partOf } from './lookups.repository.js';
import { toMilli } from './quantity.js';
import { StockMovementsService } from './stock-movements.service.js';
import { StockQueriesService } from './stock-queries.service.js';

/**
 * One row of a stock import on the caller's transaction: the file states what is on hand (as a
 * count does), the ledger gets an ADJUSTMENT for the difference, under the balance row's lock.
 * Nothing is written when they agree, so an export imported again changes nothing. The movement
 * goes through the ledger like every other (non-negative balance, moving average, audit).
 */
@Injectable()
export class StockImportService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly repo: LedgerRepository,
    private readonly movements: StockMovementsService,
    private readonly queries: StockQueriesService,
  ) {}

  async setIn(tx: Tx, ctx: OrgContext, row: TStockImportRow, reason: string): Promise<{ id: string | null }> {
    const part = await partOf(tx, ctx, row.partId);
    const location = await locationOf(tx, ctx, row.locationId);
    const target = toMilli(row.onHand);
    this.ledger.checkQuantity(part, target);
    // a rule is set when the row gives its point (the quantity with it); an empty point leaves the rule
    if (row.reorderPoint != null)
      await this.queries.setReorderIn(tx, ctx, {
        partId: part.id,
        locationId: location.id,
        reorderPoint: row.reorderPoint,
        reorderQty: row.reorderQty ?? null,
      });
    const b = await this.repo.lockBalance(tx, ctx.organizationId, part.id, location.id);
    const diff = target - b.onHand;
    if (diff === 0n) return { id: null };
    const leg = { type: 'ADJUSTMENT' as const, part, location, occurredAt: new Date(), reason };
    if (diff < 0n) {
      const m = await this.ledger.takeOut(tx, ctx, { ...leg, milli: -diff, limit: 'onHand' });
      await this.movements.posted(tx, ctx, m);
      return { id: m.id };
    }
    const unit = row.unitCostMinor != null ? BigInt(row.unitCostMinor) : b.onHand > 0n ? b.avgCostMinor : null;
    if (unit === null)
      throw InventoryErrors.missingField(
        'unitCostMinor',
        'The first stock of a part at a location gives its unit cost',
      );
    const m = await this.ledger.putIn(tx, ctx, { ...leg, milli: diff }, unit);
    await this.movements.posted(tx, ctx, m);
    return { id: m.id };
  }
}
