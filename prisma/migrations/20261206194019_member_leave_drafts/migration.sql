-- AlterEnum
ALTER TYPE "DraftKind" ADD VALUE 'LEAVE';

-- AlterTable
ALTER TABLE "MemberLeave" ADD COLUMN     "itemKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "MemberLeave_organizationId_itemKey_key" ON "MemberLeave"("organizationId", "itemKey");
