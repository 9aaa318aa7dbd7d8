-- PostGIS: field boundaries, areas, centroids and distances (needs postgresql-<major>-postgis-3 or the postgis/postgis image)
CREATE EXTENSION IF NOT EXISTS postgis;

-- AlterTable
ALTER TABLE "Field" ADD COLUMN     "boundary" geometry(MultiPolygon, 4326),
ADD COLUMN     "measuredAreaM2" INTEGER;

-- AlterTable
ALTER TABLE "MachineModel" ADD COLUMN     "roadSpeedKmh" INTEGER;

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "roadFactor" DECIMAL(4,2) NOT NULL DEFAULT 1.3;

-- CreateIndex
CREATE INDEX "Field_boundary_idx" ON "Field" USING GIST ("boundary");
