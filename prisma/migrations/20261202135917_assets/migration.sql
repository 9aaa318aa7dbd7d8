-- CreateEnum
CREATE TYPE "MachineKind" AS ENUM ('POWER_UNIT', 'SELF_PROPELLED', 'IMPLEMENT');

-- CreateEnum
CREATE TYPE "OperationType" AS ENUM ('TILLAGE', 'SOWING_PLANTING', 'FERTILIZING', 'CROP_PROTECTION', 'MOWING', 'BALING', 'HARVESTING', 'FORAGE_HARVESTING', 'TRANSPORT', 'OTHER');

-- CreateEnum
CREATE TYPE "AssetStatus" AS ENUM ('ACTIVE', 'IN_MAINTENANCE', 'RETIRED');

-- CreateEnum
CREATE TYPE "MeterSource" AS ENUM ('MANUAL', 'TELEMATICS', 'JOB', 'WORK_ORDER');

-- CreateTable
CREATE TABLE "MachineModel" (
    "id" UUID NOT NULL,
    "organizationId" UUID,
    "manufacturer" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "MachineKind" NOT NULL,
    "operationTypes" "OperationType"[],
    "workingWidthM" DECIMAL(6,2),
    "powerKw" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "MachineModel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Asset" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "modelId" UUID NOT NULL,
    "teamId" UUID,
    "name" TEXT NOT NULL,
    "serialNumber" TEXT NOT NULL,
    "plateNumber" TEXT,
    "purchaseDate" DATE,
    "purchaseCostMinor" BIGINT,
    "status" "AssetStatus" NOT NULL DEFAULT 'ACTIVE',
    "version" INTEGER NOT NULL DEFAULT 1,
    "deletedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Asset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MeterReading" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "readingHours" DECIMAL(10,1) NOT NULL,
    "readAt" TIMESTAMPTZ(3) NOT NULL,
    "source" "MeterSource" NOT NULL,
    "isReplacement" BOOLEAN NOT NULL DEFAULT false,
    "recordedByUserId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MeterReading_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "MachineModel_organizationId_manufacturer_name_key" ON "MachineModel"("organizationId", "manufacturer", "name");

-- CreateIndex
CREATE INDEX "Asset_organizationId_teamId_idx" ON "Asset"("organizationId", "teamId");

-- CreateIndex
CREATE INDEX "Asset_organizationId_modelId_idx" ON "Asset"("organizationId", "modelId");

-- CreateIndex
CREATE UNIQUE INDEX "Asset_organizationId_id_key" ON "Asset"("organizationId", "id");

-- CreateIndex
CREATE INDEX "MeterReading_assetId_readAt_createdAt_idx" ON "MeterReading"("assetId", "readAt" DESC, "createdAt" DESC);

-- AddForeignKey
ALTER TABLE "MachineModel" ADD CONSTRAINT "MachineModel_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Asset" ADD CONSTRAINT "Asset_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Asset" ADD CONSTRAINT "Asset_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "MachineModel"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Asset" ADD CONSTRAINT "Asset_organizationId_teamId_fkey" FOREIGN KEY ("organizationId", "teamId") REFERENCES "Team"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MeterReading" ADD CONSTRAINT "MeterReading_organizationId_assetId_fkey" FOREIGN KEY ("organizationId", "assetId") REFERENCES "Asset"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- =============================================================================
-- Hand-written SQL (Prisma does not model these objects; `npm run db:check`
-- ignores them, so they survive future diffs). Keep below the generated part.
-- =============================================================================

-- Platform catalog models (organizationId IS NULL): the generated unique index treats
-- NULLs as distinct, so it does not stop two platform models with the same name.
CREATE UNIQUE INDEX "MachineModel_platform_manufacturer_name_key"
  ON "MachineModel" ("manufacturer", "name") WHERE "organizationId" IS NULL;

-- A serial number is unique among an org's non-deleted assets; a soft-deleted asset frees it.
CREATE UNIQUE INDEX "Asset_organizationId_serialNumber_live_key"
  ON "Asset" ("organizationId", "serialNumber") WHERE "deletedAt" IS NULL;
