-- AlterEnum
ALTER TYPE "DraftKind" ADD VALUE 'PURCHASE';

-- CreateTable
CREATE TABLE "Purchase" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "draftId" UUID NOT NULL,
    "supplierKey" TEXT NOT NULL,
    "supplierName" TEXT,
    "costDocumentId" UUID NOT NULL,
    "createdByUserId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Purchase_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PurchaseLine" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "purchaseId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "itemKey" TEXT NOT NULL,
    "partId" UUID NOT NULL,
    "locationId" UUID NOT NULL,
    "quantity" DECIMAL(12,3) NOT NULL,
    "unitCostMinor" BIGINT NOT NULL,
    "received" DECIMAL(12,3) NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PurchaseLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Purchase_organizationId_id_key" ON "Purchase"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Purchase_organizationId_draftId_supplierKey_key" ON "Purchase"("organizationId", "draftId", "supplierKey");

-- CreateIndex
CREATE UNIQUE INDEX "Purchase_organizationId_costDocumentId_key" ON "Purchase"("organizationId", "costDocumentId");

-- CreateIndex
CREATE INDEX "PurchaseLine_organizationId_partId_idx" ON "PurchaseLine"("organizationId", "partId");

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseLine_purchaseId_position_key" ON "PurchaseLine"("purchaseId", "position");

-- AddForeignKey
ALTER TABLE "Purchase" ADD CONSTRAINT "Purchase_organizationId_costDocumentId_fkey" FOREIGN KEY ("organizationId", "costDocumentId") REFERENCES "CostDocument"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseLine" ADD CONSTRAINT "PurchaseLine_organizationId_purchaseId_fkey" FOREIGN KEY ("organizationId", "purchaseId") REFERENCES "Purchase"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseLine" ADD CONSTRAINT "PurchaseLine_organizationId_partId_fkey" FOREIGN KEY ("organizationId", "partId") REFERENCES "Part"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseLine" ADD CONSTRAINT "PurchaseLine_organizationId_locationId_fkey" FOREIGN KEY ("organizationId", "locationId") REFERENCES "StockLocation"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- What a line receives stays within what it ordered (the service checks it under a row lock; the database keeps it)
ALTER TABLE "PurchaseLine" ADD CONSTRAINT "PurchaseLine_received_check" CHECK ("received" >= 0 AND "received" <= "quantity" AND "quantity" > 0);
