-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "postgis";

-- AlterTable
ALTER TABLE "Field" ADD COLUMN     "boundary" geometry(MultiPolygon, 4326);

-- AlterTable
ALTER TABLE "MachineModel" ADD COLUMN     "roadSpeedKmh" INTEGER;

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "roadFactor" DECIMAL(4,2) NOT NULL DEFAULT 1.3;

-- CreateIndex
CREATE INDEX "Field_boundary_idx" ON "Field" USING GIST ("boundary");
