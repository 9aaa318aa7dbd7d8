-- CreateIndex: a part's stock history, newest first (GET /parts/:id/movements)
CREATE INDEX "StockMovement_organizationId_partId_occurredAt_id_idx" ON "StockMovement"("organizationId", "partId", "occurredAt" DESC, "id" DESC);
