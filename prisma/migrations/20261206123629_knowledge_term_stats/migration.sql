-- AlterTable
ALTER TABLE "DocumentVersion" ADD COLUMN     "searchChunks" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "DocumentTermStat" (
    "versionId" UUID NOT NULL,
    "term" TEXT NOT NULL,
    "chunks" INTEGER NOT NULL,

    CONSTRAINT "DocumentTermStat_pkey" PRIMARY KEY ("term","versionId")
);

-- CreateIndex
CREATE INDEX "DocumentTermStat_versionId_idx" ON "DocumentTermStat"("versionId");

-- AddForeignKey
ALTER TABLE "DocumentTermStat" ADD CONSTRAINT "DocumentTermStat_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "DocumentVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: the statistics of the chunks already indexed (every version: a version switch needs
-- no rewrite, the visible versions' rows are summed at query time).
INSERT INTO "DocumentTermStat" ("versionId", "term", "chunks")
SELECT c."versionId", l.lexeme, count(*)::int
FROM "DocumentChunk" c, unnest(c."tsv") AS l
WHERE c."tsv" IS NOT NULL
GROUP BY c."versionId", l.lexeme;

UPDATE "DocumentVersion" v SET "searchChunks" = n.n
FROM (SELECT "versionId", count(*)::int AS n FROM "DocumentChunk" WHERE "parentId" IS NOT NULL GROUP BY "versionId") n
WHERE n."versionId" = v.id;
