-- CreateEnum
CREATE TYPE "JobFuelSource" AS ENUM ('OPERATOR', 'TELEMATICS');

-- AlterTable
ALTER TABLE "CostDocument" ADD COLUMN     "sourceKey" TEXT;

-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "fuelSource" "JobFuelSource";

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "farFromFieldMeters" INTEGER NOT NULL DEFAULT 500,
ADD COLUMN     "fuelPriceMinorPerLitre" BIGINT;

-- CreateIndex
CREATE UNIQUE INDEX "CostDocument_organizationId_sourceKey_key" ON "CostDocument"("organizationId", "sourceKey");

-- jobs that recorded fuel so far: the operator typed it
UPDATE "Job" SET "fuelSource" = 'OPERATOR' WHERE "fuelLiters" IS NOT NULL;
