-- AlterTable
ALTER TABLE "AssetFault" ADD COLUMN     "diagnosedAt" TIMESTAMPTZ(3),
ADD COLUMN     "diagnosisRunId" UUID;
