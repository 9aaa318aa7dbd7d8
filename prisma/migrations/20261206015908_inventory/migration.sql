-- CreateEnum
CREATE TYPE "PartCategory" AS ENUM ('FILTER', 'BELT', 'OIL', 'TYRE', 'BLADE', 'BEARING', 'HYDRAULIC', 'ELECTRICAL', 'OTHER');

-- CreateEnum
CREATE TYPE "StockLocationKind" AS ENUM ('STORE', 'WORKSHOP', 'VAN');

-- CreateEnum
CREATE TYPE "StockMovementType" AS ENUM ('RECEIPT', 'ISSUE', 'RETURN', 'TRANSFER', 'ADJUSTMENT', 'WRITE_OFF');

-- CreateEnum
CREATE TYPE "StockCountStatus" AS ENUM ('DRAFT', 'CONFIRMED');

-- CreateEnum
CREATE TYPE "WriteOffStatus" AS ENUM ('PENDING', 'APPROVED', 'REJECTED');

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "writeOffApprovalMinor" BIGINT;

-- CreateTable
CREATE TABLE "Part" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "partNumber" TEXT NOT NULL,
    "makerPartNumber" TEXT,
    "maker" TEXT,
    "nameZh" TEXT NOT NULL,
    "nameEn" TEXT,
    "unit" TEXT NOT NULL DEFAULT '个',
    "countedInPieces" BOOLEAN NOT NULL DEFAULT true,
    "category" "PartCategory" NOT NULL,
    "barcode" TEXT,
    "compatibleModelIds" UUID[],
    "photoUrl" TEXT,
    "notes" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Part_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PartSupplier" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "partId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "supplierPartNumber" TEXT,
    "priceMinor" BIGINT NOT NULL,
    "leadTimeDays" INTEGER NOT NULL,
    "preferred" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PartSupplier_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StockLocation" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "StockLocationKind" NOT NULL DEFAULT 'STORE',
    "teamId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "StockLocation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StockMovement" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "type" "StockMovementType" NOT NULL,
    "partId" UUID NOT NULL,
    "locationId" UUID NOT NULL,
    "counterLocationId" UUID,
    "transferId" UUID,
    "delta" DECIMAL(12,3) NOT NULL,
    "unitCostMinor" BIGINT NOT NULL,
    "valueMinor" BIGINT NOT NULL,
    "workOrderId" UUID,
    "countId" UUID,
    "reason" TEXT,
    "actorUserId" UUID,
    "membershipId" UUID,
    "occurredAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StockMovement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StockBalance" (
    "organizationId" UUID NOT NULL,
    "partId" UUID NOT NULL,
    "locationId" UUID NOT NULL,
    "onHand" DECIMAL(12,3) NOT NULL DEFAULT 0,
    "avgCostMinor" BIGINT NOT NULL DEFAULT 0,
    "reorderPoint" DECIMAL(12,3),
    "reorderQty" DECIMAL(12,3),
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "StockBalance_pkey" PRIMARY KEY ("partId","locationId")
);

-- CreateTable
CREATE TABLE "StockReservation" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "workOrderId" UUID NOT NULL,
    "partId" UUID NOT NULL,
    "locationId" UUID NOT NULL,
    "quantity" DECIMAL(12,3) NOT NULL,
    "issued" DECIMAL(12,3) NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "StockReservation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StockCount" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "locationId" UUID NOT NULL,
    "status" "StockCountStatus" NOT NULL DEFAULT 'DRAFT',
    "note" TEXT,
    "createdByUserId" UUID,
    "confirmedByUserId" UUID,
    "confirmedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StockCount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StockCountLine" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "countId" UUID NOT NULL,
    "partId" UUID NOT NULL,
    "counted" DECIMAL(12,3) NOT NULL,
    "expected" DECIMAL(12,3),

    CONSTRAINT "StockCountLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StockWriteOff" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "partId" UUID NOT NULL,
    "locationId" UUID NOT NULL,
    "quantity" DECIMAL(12,3) NOT NULL,
    "valueMinor" BIGINT NOT NULL,
    "reason" TEXT NOT NULL,
    "status" "WriteOffStatus" NOT NULL DEFAULT 'PENDING',
    "requestedByUserId" UUID,
    "decidedByUserId" UUID,
    "decidedAt" TIMESTAMPTZ(3),
    "movementId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StockWriteOff_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Part_organizationId_makerPartNumber_idx" ON "Part"("organizationId", "makerPartNumber");

-- CreateIndex
CREATE INDEX "Part_organizationId_category_idx" ON "Part"("organizationId", "category");

-- CreateIndex
CREATE UNIQUE INDEX "Part_organizationId_id_key" ON "Part"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Part_organizationId_partNumber_key" ON "Part"("organizationId", "partNumber");

-- CreateIndex
CREATE UNIQUE INDEX "Part_organizationId_barcode_key" ON "Part"("organizationId", "barcode");

-- CreateIndex
CREATE INDEX "PartSupplier_organizationId_partId_idx" ON "PartSupplier"("organizationId", "partId");

-- CreateIndex
CREATE UNIQUE INDEX "StockLocation_organizationId_id_key" ON "StockLocation"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "StockLocation_organizationId_name_key" ON "StockLocation"("organizationId", "name");

-- CreateIndex
CREATE INDEX "StockMovement_organizationId_partId_locationId_idx" ON "StockMovement"("organizationId", "partId", "locationId");

-- CreateIndex
CREATE INDEX "StockMovement_organizationId_workOrderId_idx" ON "StockMovement"("organizationId", "workOrderId");

-- CreateIndex
CREATE INDEX "StockMovement_organizationId_occurredAt_id_idx" ON "StockMovement"("organizationId", "occurredAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "StockMovement_organizationId_id_key" ON "StockMovement"("organizationId", "id");

-- CreateIndex
CREATE INDEX "StockBalance_organizationId_locationId_idx" ON "StockBalance"("organizationId", "locationId");

-- CreateIndex
CREATE INDEX "StockReservation_organizationId_partId_locationId_idx" ON "StockReservation"("organizationId", "partId", "locationId");

-- CreateIndex
CREATE UNIQUE INDEX "StockReservation_workOrderId_partId_locationId_key" ON "StockReservation"("workOrderId", "partId", "locationId");

-- CreateIndex
CREATE INDEX "StockCount_organizationId_createdAt_idx" ON "StockCount"("organizationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "StockCount_organizationId_id_key" ON "StockCount"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "StockCountLine_countId_partId_key" ON "StockCountLine"("countId", "partId");

-- CreateIndex
CREATE INDEX "StockWriteOff_organizationId_status_idx" ON "StockWriteOff"("organizationId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "StockWriteOff_organizationId_id_key" ON "StockWriteOff"("organizationId", "id");

-- AddForeignKey
ALTER TABLE "PartSupplier" ADD CONSTRAINT "PartSupplier_organizationId_partId_fkey" FOREIGN KEY ("organizationId", "partId") REFERENCES "Part"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockLocation" ADD CONSTRAINT "StockLocation_organizationId_teamId_fkey" FOREIGN KEY ("organizationId", "teamId") REFERENCES "Team"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockMovement" ADD CONSTRAINT "StockMovement_organizationId_partId_fkey" FOREIGN KEY ("organizationId", "partId") REFERENCES "Part"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockMovement" ADD CONSTRAINT "StockMovement_organizationId_locationId_fkey" FOREIGN KEY ("organizationId", "locationId") REFERENCES "StockLocation"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockMovement" ADD CONSTRAINT "StockMovement_organizationId_workOrderId_fkey" FOREIGN KEY ("organizationId", "workOrderId") REFERENCES "WorkOrder"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockBalance" ADD CONSTRAINT "StockBalance_organizationId_partId_fkey" FOREIGN KEY ("organizationId", "partId") REFERENCES "Part"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockBalance" ADD CONSTRAINT "StockBalance_organizationId_locationId_fkey" FOREIGN KEY ("organizationId", "locationId") REFERENCES "StockLocation"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockReservation" ADD CONSTRAINT "StockReservation_organizationId_workOrderId_fkey" FOREIGN KEY ("organizationId", "workOrderId") REFERENCES "WorkOrder"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockReservation" ADD CONSTRAINT "StockReservation_organizationId_partId_fkey" FOREIGN KEY ("organizationId", "partId") REFERENCES "Part"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockReservation" ADD CONSTRAINT "StockReservation_organizationId_locationId_fkey" FOREIGN KEY ("organizationId", "locationId") REFERENCES "StockLocation"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockCount" ADD CONSTRAINT "StockCount_organizationId_locationId_fkey" FOREIGN KEY ("organizationId", "locationId") REFERENCES "StockLocation"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockCountLine" ADD CONSTRAINT "StockCountLine_organizationId_countId_fkey" FOREIGN KEY ("organizationId", "countId") REFERENCES "StockCount"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: the database, not only the service, keeps stock non-negative (under concurrency,
-- the second of two updates re-reads the row and fails the check) and the ledger append-only.
ALTER TABLE "StockBalance" ADD CONSTRAINT "StockBalance_onHand_nonnegative" CHECK ("onHand" >= 0);
ALTER TABLE "StockReservation" ADD CONSTRAINT "StockReservation_quantities" CHECK ("quantity" >= 0 AND "issued" >= 0);
ALTER TABLE "StockMovement" ADD CONSTRAINT "StockMovement_delta_nonzero" CHECK ("delta" <> 0);

-- The one exception: the demo seed's --reset-business removes an org's business data inside a
-- transaction that sets amms.ledger_reset = 'on' (SET LOCAL) first.
CREATE FUNCTION stock_movement_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('amms.ledger_reset', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the stock ledger is append-only (% refused)', TG_OP USING ERRCODE = 'check_violation';
END;
$$;
CREATE TRIGGER "StockMovement_append_only" BEFORE UPDATE OR DELETE ON "StockMovement"
  FOR EACH ROW EXECUTE FUNCTION stock_movement_append_only();
