import type { Tx } from '../platform/prisma/prisma.service.js';
import { DEMO_PARTS } from './inventory-catalog.js';

/**
 * The demo parts catalog: filters, belts, oils, tyres and knife sections for the demo models, with
 * the makers' part numbers, a preferred supplier each, and stock received a month ago into two
 * locations. Some parts sit at or below their reorder point (the low-stock list is not empty).
 * Written as a data load: a receipt movement per location and the balance it leaves (the ledger's
 * sum), in the org's seed transaction.
 */
export async function seedInventory(
  tx: Tx,
  organizationId: string,
  modelIds: Record<string, string>,
  now: Date,
): Promise<number> {
  const store = await tx.stockLocation.create({ data: { organizationId, name: '中心库房', kind: 'STORE' } });
  const workshop = await tx.stockLocation.create({ data: { organizationId, name: '维修车间', kind: 'WORKSHOP' } });
  const receivedAt = new Date(now.getTime() - 30 * 86_400_000);
  for (const d of DEMO_PARTS) {
    const part = await tx.part.create({
      data: {
        organizationId,
        partNumber: d.partNumber,
        maker: d.maker,
        makerPartNumber: d.makerPartNumber,
        nameZh: d.nameZh,
        nameEn: d.nameEn,
        unit: d.unit,
        countedInPieces: d.pieces,
        category: d.category,
        compatibleModelIds: d.models.map((k) => modelIds[k]).filter((x): x is string => Boolean(x)),
      },
    });
    await tx.partSupplier.create({
      data: {
        organizationId,
        partId: part.id,
        name: d.supplier,
        priceMinor: BigInt(d.priceMinor),
        leadTimeDays: d.leadTimeDays,
        preferred: true,
      },
    });
    for (const [loc, qty, rule] of [
      [store.id, d.store, true],
      [workshop.id, d.workshop, false],
    ] as const) {
      if (qty === 0 && !rule) continue;
      if (qty > 0)
        await tx.stockMovement.create({
          data: {
            organizationId,
            type: 'RECEIPT',
            partId: part.id,
            locationId: loc,
            delta: qty.toFixed(3),
            unitCostMinor: BigInt(d.priceMinor),
            valueMinor: BigInt(d.priceMinor) * BigInt(qty),
            reason: '期初入库',
            occurredAt: receivedAt,
          },
        });
      await tx.stockBalance.create({
        data: {
          organizationId,
          partId: part.id,
          locationId: loc,
          onHand: qty.toFixed(3),
          avgCostMinor: qty > 0 ? BigInt(d.priceMinor) : 0n,
          reorderPoint: rule ? d.reorderPoint.toFixed(3) : null,
          reorderQty: rule ? d.reorderQty.toFixed(3) : null,
        },
      });
    }
  }
  return DEMO_PARTS.length;
}
