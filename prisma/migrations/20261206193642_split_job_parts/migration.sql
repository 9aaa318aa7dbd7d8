-- AlterTable
ALTER TABLE "Assignment" ADD COLUMN     "areaM2" INTEGER,
ADD COLUMN     "partIndex" INTEGER,
ADD COLUMN     "partOf" INTEGER;

-- A job has one live assignment, or one live assignment per part when it is split across
-- machines or days: the whole job counts as part 0.
DROP INDEX "Assignment_jobId_live_key";
CREATE UNIQUE INDEX "Assignment_jobId_part_live_key"
  ON "Assignment" ("jobId", COALESCE("partIndex", 0)) WHERE "releasedAt" IS NULL;
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_part_valid" CHECK (
  ("partIndex" IS NULL AND "partOf" IS NULL AND "areaM2" IS NULL) OR
  ("partIndex" >= 1 AND "partOf" >= 2 AND "partIndex" <= "partOf" AND ("areaM2" IS NULL OR "areaM2" > 0))
);
