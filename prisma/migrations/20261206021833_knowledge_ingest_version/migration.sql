-- AlterTable
ALTER TABLE "DocumentVersion" ADD COLUMN     "ingestVersion" INTEGER NOT NULL DEFAULT 0;
