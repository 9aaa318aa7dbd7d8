-- CreateEnum
CREATE TYPE "AttachmentOwnerType" AS ENUM ('WORK_ORDER', 'COST_DOCUMENT');

-- AlterTable
ALTER TABLE "Asset" ADD COLUMN     "recognitionConfidence" DECIMAL(4,3),
ADD COLUMN     "recognitionId" UUID,
ADD COLUMN     "recognitionModelVersion" TEXT;

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "keepPhotoLocation" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "Attachment" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "ownerType" "AttachmentOwnerType" NOT NULL,
    "workOrderId" UUID,
    "costDocumentId" UUID,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "blobKey" TEXT NOT NULL,
    "thumbnailKey" TEXT,
    "width" INTEGER,
    "height" INTEGER,
    "locationKept" BOOLEAN NOT NULL DEFAULT false,
    "createdByMembershipId" UUID,
    "createdByUserId" UUID,
    "createdByApiKeyId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Attachment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MachineRecognition" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "modelVersion" TEXT,
    "candidates" JSONB NOT NULL,
    "photoSha256" TEXT NOT NULL,
    "createdByUserId" UUID,
    "createdByApiKeyId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MachineRecognition_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Attachment_organizationId_workOrderId_createdAt_idx" ON "Attachment"("organizationId", "workOrderId", "createdAt");

-- CreateIndex
CREATE INDEX "Attachment_organizationId_costDocumentId_createdAt_idx" ON "Attachment"("organizationId", "costDocumentId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Attachment_organizationId_id_key" ON "Attachment"("organizationId", "id");

-- CreateIndex
CREATE INDEX "MachineRecognition_organizationId_createdAt_idx" ON "MachineRecognition"("organizationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "MachineRecognition_organizationId_id_key" ON "MachineRecognition"("organizationId", "id");

-- AddForeignKey
ALTER TABLE "Asset" ADD CONSTRAINT "Asset_organizationId_recognitionId_fkey" FOREIGN KEY ("organizationId", "recognitionId") REFERENCES "MachineRecognition"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Attachment" ADD CONSTRAINT "Attachment_organizationId_workOrderId_fkey" FOREIGN KEY ("organizationId", "workOrderId") REFERENCES "WorkOrder"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Attachment" ADD CONSTRAINT "Attachment_organizationId_costDocumentId_fkey" FOREIGN KEY ("organizationId", "costDocumentId") REFERENCES "CostDocument"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: an attachment hangs on exactly the owner its type names.
ALTER TABLE "Attachment" ADD CONSTRAINT "Attachment_owner_check" CHECK (
  ("ownerType" = 'WORK_ORDER' AND "workOrderId" IS NOT NULL AND "costDocumentId" IS NULL)
  OR ("ownerType" = 'COST_DOCUMENT' AND "costDocumentId" IS NOT NULL AND "workOrderId" IS NULL)
);
