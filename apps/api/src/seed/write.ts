import type { PrismaClient } from '@amms/db';
import { PLATFORM_CATALOG, type CatalogModel } from './catalog.js';
import { REQUIRED_BY_ROLE } from './licences.js';
import type { SeedData } from './generate.js';

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/**
 * The platform catalog, idempotent by (manufacturer, name): createMany + skipDuplicates lets the
 * partial unique index on platform rows (organizationId IS NULL) decide, so concurrent or repeated
 * seeds never create a second copy. Returns every catalog model's id by key and how many were new.
 */
export async function ensureCatalog(db: PrismaClient): Promise<{ modelIds: Record<string, string>; created: number }> {
  const r = await db.machineModel.createMany({
    data: PLATFORM_CATALOG.map((m) => ({
      organizationId: null,
      manufacturer: m.manufacturer,
      name: m.name,
      kind: m.kind,
      operationTypes: m.operationTypes,
      workingWidthM: m.workingWidthM === null ? null : m.workingWidthM.toFixed(2),
      powerKw: m.powerKw,
      ...planningFigures(m),
    })),
    skipDuplicates: true,
  });
  const rows = await db.machineModel.findMany({
    where: { organizationId: null },
    select: {
      id: true,
      manufacturer: true,
      name: true,
      workingSpeedKmh: true,
      fieldEfficiency: true,
      workRateHaPerHour: true,
      requiredPowerKw: true,
      hitchTypes: true,
      requiredQualifications: true,
    },
  });
  const modelIds: Record<string, string> = {};
  for (const m of PLATFORM_CATALOG) {
    const row = rows.find((x) => x.manufacturer === m.manufacturer && x.name === m.name);
    if (!row) throw new Error(`catalog model ${m.manufacturer} ${m.name} was not created`);
    modelIds[m.key] = row.id;
    // a catalog created before the planning figures existed gets them once (a second run changes nothing)
    const want = planningFigures(m);
    const has = {
      workingSpeedKmh: row.workingSpeedKmh?.toFixed(1) ?? null,
      fieldEfficiency: row.fieldEfficiency?.toFixed(2) ?? null,
      workRateHaPerHour: row.workRateHaPerHour?.toFixed(2) ?? null,
      requiredPowerKw: row.requiredPowerKw,
      hitchTypes: row.hitchTypes,
      requiredQualifications: row.requiredQualifications,
    };
    if (JSON.stringify(has) !== JSON.stringify(want))
      await db.machineModel.update({ where: { id: row.id }, data: want });
  }
  return { modelIds, created: r.count };
}

/** The catalog's planning figures in the columns' own precision. */
function planningFigures(m: CatalogModel) {
  return {
    workingSpeedKmh: m.workingSpeedKmh === null ? null : m.workingSpeedKmh.toFixed(1),
    fieldEfficiency: m.fieldEfficiency === null ? null : m.fieldEfficiency.toFixed(2),
    workRateHaPerHour: m.workRateHaPerHour === null ? null : m.workRateHaPerHour.toFixed(2),
    requiredPowerKw: m.requiredPowerKw,
    hitchTypes: m.hitchTypes,
    requiredQualifications: REQUIRED_BY_ROLE[m.role],
  };
}

/** "Business data" = anything a user of the org would have created; an asset is the first of it. */
export async function hasBusinessData(tx: Tx, organizationId: string): Promise<boolean> {
  return (await tx.asset.count({ where: { organizationId } })) > 0;
}

/**
 * Deletes an org's business rows (children first: most foreign keys RESTRICT). The org, its
 * members and teams stay. AuditEvent is append-only (a trigger refuses DELETE) and is kept:
 * the history of what happened is not business data to reset.
 */
export async function resetBusiness(tx: Tx, organizationId: string): Promise<void> {
  const where = { organizationId };
  // the agent's drafts name jobs and machines of the business data (in JSON): they go with it
  await tx.executionReceipt.deleteMany({ where });
  await tx.execution.deleteMany({ where });
  await tx.draftVersion.deleteMany({ where });
  await tx.draft.deleteMany({ where });
  await tx.agentRun.deleteMany({ where });
  await tx.agentConversation.deleteMany({ where });
  // the stock ledger is append-only; this transaction alone may clear the org's (see the inventory migration)
  await tx.$executeRaw`SELECT set_config('amms.ledger_reset', 'on', true)`;
  await tx.purchaseLine.deleteMany({ where });
  await tx.purchase.deleteMany({ where });
  await tx.stockWriteOff.deleteMany({ where });
  await tx.stockCountLine.deleteMany({ where });
  await tx.stockCount.deleteMany({ where });
  await tx.stockReservation.deleteMany({ where });
  await tx.stockMovement.deleteMany({ where });
  await tx.stockBalance.deleteMany({ where });
  await tx.partSupplier.deleteMany({ where });
  await tx.part.deleteMany({ where });
  await tx.stockLocation.deleteMany({ where });
  await tx.prestartCheck.deleteMany({ where });
  await tx.prestartCheckItem.deleteMany({ where });
  await tx.costLine.deleteMany({ where });
  await tx.costDocument.deleteMany({ where });
  await tx.machineBooking.deleteMany({ where });
  await tx.operatorBooking.deleteMany({ where });
  await tx.assignmentMachine.deleteMany({ where });
  await tx.assignment.deleteMany({ where });
  await tx.workOrderPart.deleteMany({ where });
  await tx.workOrderChecklistItem.deleteMany({ where });
  await tx.workOrder.deleteMany({ where });
  await tx.maintenancePlan.deleteMany({ where });
  await tx.job.deleteMany({ where });
  await tx.field.deleteMany({ where });
  await tx.meterReading.deleteMany({ where });
  // a telematics source is the org's setup and stays; its units lose the machines they were linked to
  await tx.telematicsEquipment.updateMany({ where: { ...where, assetId: { not: null } }, data: { assetId: null } });
  await tx.asset.deleteMany({ where });
  await tx.machineModel.deleteMany({ where });
}

const BATCH = 2000;

async function inBatches<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
  return rows.length;
}

/** Inserts the generated rows, parents before children. Returns the row count per table. */
export async function insertSeedData(tx: Tx, d: SeedData): Promise<Record<keyof SeedData, number>> {
  return {
    fields: await inBatches(d.fields, (data) => tx.field.createMany({ data })),
    assets: await inBatches(d.assets, (data) => tx.asset.createMany({ data })),
    maintenancePlans: await inBatches(d.maintenancePlans, (data) => tx.maintenancePlan.createMany({ data })),
    jobs: await inBatches(d.jobs, (data) => tx.job.createMany({ data })),
    assignments: await inBatches(d.assignments, (data) => tx.assignment.createMany({ data })),
    assignmentMachines: await inBatches(d.assignmentMachines, (data) => tx.assignmentMachine.createMany({ data })),
    workOrders: await inBatches(d.workOrders, (data) => tx.workOrder.createMany({ data })),
    checklistItems: await inBatches(d.checklistItems, (data) => tx.workOrderChecklistItem.createMany({ data })),
    workOrderParts: await inBatches(d.workOrderParts, (data) => tx.workOrderPart.createMany({ data })),
    machineBookings: await inBatches(d.machineBookings, (data) => tx.machineBooking.createMany({ data })),
    operatorBookings: await inBatches(d.operatorBookings, (data) => tx.operatorBooking.createMany({ data })),
    meterReadings: await inBatches(d.meterReadings, (data) => tx.meterReading.createMany({ data })),
    costDocuments: await inBatches(d.costDocuments, (data) => tx.costDocument.createMany({ data })),
    costLines: await inBatches(d.costLines, (data) => tx.costLine.createMany({ data })),
  };
}
