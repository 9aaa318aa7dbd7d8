-- CreateIndex
CREATE INDEX "Asset_organizationId_name_id_idx" ON "Asset"("organizationId", "name", "id");

-- CreateIndex
CREATE INDEX "Asset_organizationId_serialNumber_id_idx" ON "Asset"("organizationId", "serialNumber", "id");

-- CreateIndex
CREATE INDEX "Asset_organizationId_createdAt_id_idx" ON "Asset"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Field_organizationId_name_id_idx" ON "Field"("organizationId", "name", "id");

-- CreateIndex
CREATE INDEX "Field_organizationId_areaM2_id_idx" ON "Field"("organizationId", "areaM2", "id");

-- CreateIndex
CREATE INDEX "Field_organizationId_createdAt_id_idx" ON "Field"("organizationId", "createdAt", "id");
