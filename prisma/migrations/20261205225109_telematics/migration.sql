-- CreateEnum
CREATE TYPE "TelematicsKind" AS ENUM ('ENGINE_HOURS', 'FUEL_USED', 'FAULT_CODES');

-- CreateEnum
CREATE TYPE "TelematicsOrigin" AS ENUM ('PUSH', 'PULL');

-- CreateTable
CREATE TABLE "TelematicsReading" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "kind" "TelematicsKind" NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "origin" "TelematicsOrigin" NOT NULL,
    "engineHours" DECIMAL(10,1),
    "fuelUsedL" DECIMAL(12,1),
    "faultCodes" TEXT[],
    "flagCode" TEXT,
    "meterReadingId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TelematicsReading_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AssetPosition" (
    "organizationId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AssetPosition_pkey" PRIMARY KEY ("assetId","at")
);

-- CreateTable
CREATE TABLE "AssetLastPosition" (
    "assetId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "AssetLastPosition_pkey" PRIMARY KEY ("assetId")
);

-- CreateTable
CREATE TABLE "AssetFault" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "firstSeenAt" TIMESTAMPTZ(3) NOT NULL,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL,
    "clearedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AssetFault_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TelematicsReading_organizationId_assetId_kind_at_idx" ON "TelematicsReading"("organizationId", "assetId", "kind", "at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "TelematicsReading_assetId_kind_at_key" ON "TelematicsReading"("assetId", "kind", "at");

-- CreateIndex
CREATE UNIQUE INDEX "AssetLastPosition_organizationId_assetId_key" ON "AssetLastPosition"("organizationId", "assetId");

-- CreateIndex
CREATE INDEX "AssetFault_organizationId_assetId_firstSeenAt_idx" ON "AssetFault"("organizationId", "assetId", "firstSeenAt" DESC);

-- AddForeignKey
ALTER TABLE "TelematicsReading" ADD CONSTRAINT "TelematicsReading_organizationId_assetId_fkey" FOREIGN KEY ("organizationId", "assetId") REFERENCES "Asset"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssetPosition" ADD CONSTRAINT "AssetPosition_organizationId_assetId_fkey" FOREIGN KEY ("organizationId", "assetId") REFERENCES "Asset"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssetLastPosition" ADD CONSTRAINT "AssetLastPosition_organizationId_assetId_fkey" FOREIGN KEY ("organizationId", "assetId") REFERENCES "Asset"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssetFault" ADD CONSTRAINT "AssetFault_organizationId_assetId_fkey" FOREIGN KEY ("organizationId", "assetId") REFERENCES "Asset"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: positions are appended in time order, so a BRIN index on time is tiny and serves
-- the retention prune and time-window scans across machines.
CREATE INDEX "AssetPosition_at_brin" ON "AssetPosition" USING BRIN ("at");

-- One active row per (asset, fault code): the same active code is never raised twice.
CREATE UNIQUE INDEX "AssetFault_active_code_key" ON "AssetFault" ("assetId", "code") WHERE "clearedAt" IS NULL;
