import type { Tx } from '../platform/prisma/prisma.service.js';
import { DEMO_PARTS, SERVICE_USE } from './inventory-catalog.js';

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
  const partIds = new Map<string, string>();
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
    partIds.set(d.partNumber, part.id);
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
  await linkPlanParts(tx, organizationId, modelIds, partIds);
  return DEMO_PARTS.length;
}

/**
 * The org's maintenance plans name the catalog parts their checklist steps use (the expected
 * demand of due services): each step whose words match a SERVICE_USE rule gets the rule's part,
 * when that part fits the plan's model.
 */
async function linkPlanParts(
  tx: Tx,
  organizationId: string,
  modelIds: Record<string, string>,
  partIds: ReadonlyMap<string, string>,
): Promise<void> {
  const keyOf = new Map(Object.entries(modelIds).map(([k, id]) => [id, k]));
  const plans = await tx.maintenancePlan.findMany({ where: { organizationId, modelId: { not: null } } });
  for (const plan of plans) {
    const model = keyOf.get(plan.modelId!);
    if (!model || !Array.isArray(plan.checklist)) continue;
    let changed = false;
    const checklist = (plan.checklist as { label: string }[]).map((step) => {
      const parts = SERVICE_USE.filter(
        (u) => u.step.test(step.label) && DEMO_PARTS.find((d) => d.partNumber === u.partNumber)?.models.includes(model),
      ).flatMap((u) => {
        const partId = partIds.get(u.partNumber);
        return partId ? [{ partId, quantity: u.quantity }] : [];
      });
      if (parts.length === 0) return step;
      changed = true;
      return { ...step, parts };
    });
    if (changed) await tx.maintenancePlan.update({ where: { id: plan.id }, data: { checklist } });
  }
}
