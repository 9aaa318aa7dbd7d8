import type { Part, PartSupplier, StockLocation, StockMovement, StockWriteOff } from '@amms/db';
import type { TPart, TStockLocation, TStockMovement, TWriteOffRequest } from '@amms/contracts/inventory';

const num = (d: { toString(): string }) => Number(d.toString());

export function toPart(p: Part & { suppliers: PartSupplier[] }): TPart {
  return {
    id: p.id,
    partNumber: p.partNumber,
    makerPartNumber: p.makerPartNumber,
    maker: p.maker,
    nameZh: p.nameZh,
    nameEn: p.nameEn,
    unit: p.unit,
    countedInPieces: p.countedInPieces,
    category: p.category,
    barcode: p.barcode,
    compatibleModelIds: p.compatibleModelIds,
    photoUrl: p.photoUrl,
    notes: p.notes,
    active: p.active,
    version: p.version,
    suppliers: p.suppliers.map((s) => ({
      id: s.id,
      name: s.name,
      supplierPartNumber: s.supplierPartNumber,
      priceMinor: s.priceMinor.toString(),
      leadTimeDays: s.leadTimeDays,
      preferred: s.preferred,
    })),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function toLocation(l: StockLocation): TStockLocation {
  return { id: l.id, name: l.name, kind: l.kind, teamId: l.teamId, createdAt: l.createdAt.toISOString() };
}

export function toMovement(m: StockMovement): TStockMovement {
  return {
    id: m.id,
    type: m.type,
    partId: m.partId,
    locationId: m.locationId,
    counterLocationId: m.counterLocationId,
    transferId: m.transferId,
    delta: num(m.delta),
    unitCostMinor: m.unitCostMinor.toString(),
    valueMinor: m.valueMinor.toString(),
    workOrderId: m.workOrderId,
    reason: m.reason,
    actorUserId: m.actorUserId,
    occurredAt: m.occurredAt.toISOString(),
    createdAt: m.createdAt.toISOString(),
  };
}

export function toWriteOff(w: StockWriteOff): TWriteOffRequest {
  return {
    id: w.id,
    partId: w.partId,
    locationId: w.locationId,
    quantity: num(w.quantity),
    valueMinor: w.valueMinor.toString(),
    reason: w.reason,
    status: w.status,
    requestedByUserId: w.requestedByUserId,
    decidedByUserId: w.decidedByUserId,
    movementId: w.movementId,
    createdAt: w.createdAt.toISOString(),
  };
}
