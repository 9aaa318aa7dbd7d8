-- AlterTable
ALTER TABLE "CostDocument" ADD COLUMN     "decisionComment" TEXT;

-- AlterTable
ALTER TABLE "WorkOrder" ADD COLUMN     "acceptanceComment" TEXT;
