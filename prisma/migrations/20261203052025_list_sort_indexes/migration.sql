-- DropIndex
DROP INDEX "AuditEvent_organizationId_createdAt_idx";

-- DropIndex
DROP INDEX "CostDocument_organizationId_documentDate_idx";

-- CreateIndex
CREATE INDEX "AuditEvent_organizationId_createdAt_seq_idx" ON "AuditEvent"("organizationId", "createdAt", "seq");

-- CreateIndex
CREATE INDEX "CostDocument_organizationId_documentDate_id_idx" ON "CostDocument"("organizationId", "documentDate", "id");

-- CreateIndex
CREATE INDEX "CostDocument_organizationId_createdAt_id_idx" ON "CostDocument"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Draft_organizationId_createdAt_id_idx" ON "Draft"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Job_organizationId_windowStart_id_idx" ON "Job"("organizationId", "windowStart", "id");

-- CreateIndex
CREATE INDEX "Job_organizationId_createdAt_id_idx" ON "Job"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "WorkOrder_organizationId_plannedStart_id_idx" ON "WorkOrder"("organizationId", "plannedStart", "id");

-- CreateIndex
CREATE INDEX "WorkOrder_organizationId_createdAt_id_idx" ON "WorkOrder"("organizationId", "createdAt", "id");
