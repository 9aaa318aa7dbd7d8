-- CreateEnum
CREATE TYPE "TelematicsAuthKind" AS ENUM ('BASIC', 'OAUTH2');

-- CreateEnum
CREATE TYPE "TelematicsSourceStatus" AS ENUM ('NEW', 'OK', 'FAILING');

-- CreateTable
CREATE TABLE "TelematicsSource" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "authKind" "TelematicsAuthKind" NOT NULL,
    "username" TEXT NOT NULL,
    "tokenUrl" TEXT,
    "secretSealed" TEXT NOT NULL,
    "pollEveryMinutes" INTEGER NOT NULL DEFAULT 15,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "status" "TelematicsSourceStatus" NOT NULL DEFAULT 'NEW',
    "consecutiveFailures" INTEGER NOT NULL DEFAULT 0,
    "lastPolledAt" TIMESTAMPTZ(3),
    "lastSuccessAt" TIMESTAMPTZ(3),
    "lastError" TEXT,
    "seriesFrom" TIMESTAMPTZ(3),
    "createdByMembershipId" UUID NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "deletedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "TelematicsSource_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TelematicsEquipment" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "sourceId" UUID NOT NULL,
    "equipmentKey" TEXT NOT NULL,
    "oemName" TEXT,
    "model" TEXT,
    "serialNumber" TEXT,
    "pin" TEXT,
    "assetId" UUID,
    "unmatchedReason" TEXT,
    "ignoredAt" TIMESTAMPTZ(3),
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TelematicsEquipment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TelematicsSource_organizationId_createdAt_idx" ON "TelematicsSource"("organizationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "TelematicsSource_organizationId_id_key" ON "TelematicsSource"("organizationId", "id");

-- CreateIndex
CREATE INDEX "TelematicsEquipment_organizationId_assetId_idx" ON "TelematicsEquipment"("organizationId", "assetId");

-- CreateIndex
CREATE UNIQUE INDEX "TelematicsEquipment_sourceId_equipmentKey_key" ON "TelematicsEquipment"("sourceId", "equipmentKey");

-- AddForeignKey
ALTER TABLE "TelematicsSource" ADD CONSTRAINT "TelematicsSource_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TelematicsEquipment" ADD CONSTRAINT "TelematicsEquipment_organizationId_sourceId_fkey" FOREIGN KEY ("organizationId", "sourceId") REFERENCES "TelematicsSource"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TelematicsEquipment" ADD CONSTRAINT "TelematicsEquipment_organizationId_assetId_fkey" FOREIGN KEY ("organizationId", "assetId") REFERENCES "Asset"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;
