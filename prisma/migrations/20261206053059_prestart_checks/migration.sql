-- CreateTable
CREATE TABLE "PrestartCheckItem" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "modelId" UUID,
    "kind" "MachineKind",
    "position" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "blocksStart" BOOLEAN NOT NULL DEFAULT false,
    "sourceTitle" TEXT,
    "sourcePage" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PrestartCheckItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PrestartCheck" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "jobId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "performedByMembershipId" UUID,
    "performedAt" TIMESTAMPTZ(3) NOT NULL,
    "answers" JSONB NOT NULL,
    "failedCount" INTEGER NOT NULL,
    "blocking" BOOLEAN NOT NULL,
    "workOrderId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PrestartCheck_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PrestartCheckItem_organizationId_modelId_position_idx" ON "PrestartCheckItem"("organizationId", "modelId", "position");

-- CreateIndex
CREATE INDEX "PrestartCheckItem_organizationId_kind_position_idx" ON "PrestartCheckItem"("organizationId", "kind", "position");

-- CreateIndex
CREATE INDEX "PrestartCheck_organizationId_jobId_performedAt_idx" ON "PrestartCheck"("organizationId", "jobId", "performedAt");

-- CreateIndex
CREATE INDEX "PrestartCheck_organizationId_assetId_performedAt_idx" ON "PrestartCheck"("organizationId", "assetId", "performedAt");

-- AddForeignKey
ALTER TABLE "PrestartCheckItem" ADD CONSTRAINT "PrestartCheckItem_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PrestartCheckItem" ADD CONSTRAINT "PrestartCheckItem_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "MachineModel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PrestartCheck" ADD CONSTRAINT "PrestartCheck_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PrestartCheck" ADD CONSTRAINT "PrestartCheck_organizationId_jobId_fkey" FOREIGN KEY ("organizationId", "jobId") REFERENCES "Job"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PrestartCheck" ADD CONSTRAINT "PrestartCheck_organizationId_assetId_fkey" FOREIGN KEY ("organizationId", "assetId") REFERENCES "Asset"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- a list belongs to a model or to a kind, never both or neither
ALTER TABLE "PrestartCheckItem" ADD CONSTRAINT "PrestartCheckItem_scope_one" CHECK (("modelId" IS NULL) <> ("kind" IS NULL));
