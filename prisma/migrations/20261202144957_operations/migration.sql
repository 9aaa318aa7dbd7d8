-- CreateEnum
CREATE TYPE "JobStatus" AS ENUM ('PLANNED', 'SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "MachineRole" AS ENUM ('PRIMARY', 'IMPLEMENT');

-- CreateEnum
CREATE TYPE "BookingKind" AS ENUM ('JOB', 'WORK_ORDER');

-- CreateEnum
CREATE TYPE "WorkOrderType" AS ENUM ('PREVENTIVE', 'CORRECTIVE', 'INSPECTION');

-- CreateEnum
CREATE TYPE "WorkOrderStatus" AS ENUM ('OPEN', 'IN_PROGRESS', 'AWAITING_ACCEPTANCE', 'CLOSED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "ChecklistResult" AS ENUM ('PENDING', 'PASS', 'FAIL', 'NA');

-- CreateEnum
CREATE TYPE "CostCategory" AS ENUM ('FUEL', 'PARTS', 'LABOR', 'REPAIR', 'RENTAL', 'OTHER');

-- CreateEnum
CREATE TYPE "CostDocumentStatus" AS ENUM ('DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED');

-- CreateTable
CREATE TABLE "Field" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "teamId" UUID,
    "name" TEXT NOT NULL,
    "areaM2" INTEGER NOT NULL,
    "crop" TEXT,
    "latitude" DECIMAL(9,6),
    "longitude" DECIMAL(9,6),
    "locationText" TEXT,
    "notes" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "deletedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Field_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Job" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "teamId" UUID,
    "fieldId" UUID NOT NULL,
    "operationType" "OperationType" NOT NULL,
    "title" TEXT,
    "areaM2" INTEGER NOT NULL,
    "windowStart" TIMESTAMPTZ(3) NOT NULL,
    "windowEnd" TIMESTAMPTZ(3) NOT NULL,
    "priority" INTEGER NOT NULL DEFAULT 3,
    "estimatedHours" DECIMAL(7,2) NOT NULL,
    "notes" TEXT,
    "status" "JobStatus" NOT NULL DEFAULT 'PLANNED',
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdByUserId" UUID,
    "startedAt" TIMESTAMPTZ(3),
    "startMeterHours" DECIMAL(10,1),
    "completedAt" TIMESTAMPTZ(3),
    "endMeterHours" DECIMAL(10,1),
    "actualHours" DECIMAL(7,2),
    "areaDoneM2" INTEGER,
    "fuelLiters" DECIMAL(9,2),
    "completionNotes" TEXT,
    "cancelledAt" TIMESTAMPTZ(3),
    "cancelReason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Assignment" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "jobId" UUID NOT NULL,
    "operatorMembershipId" UUID NOT NULL,
    "startsAt" TIMESTAMPTZ(3) NOT NULL,
    "endsAt" TIMESTAMPTZ(3) NOT NULL,
    "itemKey" TEXT,
    "createdByUserId" UUID,
    "releasedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Assignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AssignmentMachine" (
    "organizationId" UUID NOT NULL,
    "assignmentId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "role" "MachineRole" NOT NULL,

    CONSTRAINT "AssignmentMachine_pkey" PRIMARY KEY ("assignmentId","assetId")
);

-- CreateTable
CREATE TABLE "MachineBooking" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "assetId" UUID NOT NULL,
    "kind" "BookingKind" NOT NULL,
    "startsAt" TIMESTAMPTZ(3) NOT NULL,
    "endsAt" TIMESTAMPTZ(3) NOT NULL,
    "assignmentId" UUID,
    "workOrderId" UUID,
    "releasedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MachineBooking_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OperatorBooking" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "membershipId" UUID NOT NULL,
    "startsAt" TIMESTAMPTZ(3) NOT NULL,
    "endsAt" TIMESTAMPTZ(3) NOT NULL,
    "assignmentId" UUID NOT NULL,
    "releasedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OperatorBooking_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MaintenancePlan" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "assetId" UUID,
    "modelId" UUID,
    "name" TEXT NOT NULL,
    "intervalHours" DECIMAL(8,1),
    "intervalDays" INTEGER,
    "leadHours" DECIMAL(8,1),
    "leadDays" INTEGER,
    "checklist" JSONB NOT NULL DEFAULT '[]',
    "estimatedHours" DECIMAL(6,2),
    "active" BOOLEAN NOT NULL DEFAULT true,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "MaintenancePlan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkOrder" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "assetId" UUID NOT NULL,
    "planId" UUID,
    "parentWorkOrderId" UUID,
    "type" "WorkOrderType" NOT NULL,
    "status" "WorkOrderStatus" NOT NULL DEFAULT 'OPEN',
    "title" TEXT NOT NULL,
    "description" TEXT,
    "priority" INTEGER NOT NULL DEFAULT 3,
    "reportedByMembershipId" UUID,
    "assigneeMembershipId" UUID,
    "plannedStart" TIMESTAMPTZ(3),
    "plannedEnd" TIMESTAMPTZ(3),
    "causesDowntime" BOOLEAN NOT NULL DEFAULT false,
    "downtimeStartedAt" TIMESTAMPTZ(3),
    "downtimeEndedAt" TIMESTAMPTZ(3),
    "startedAt" TIMESTAMPTZ(3),
    "submittedAt" TIMESTAMPTZ(3),
    "submittedByMembershipId" UUID,
    "acceptedAt" TIMESTAMPTZ(3),
    "acceptedByMembershipId" UUID,
    "rejectionReason" TEXT,
    "cancelledAt" TIMESTAMPTZ(3),
    "cancelReason" TEXT,
    "meterHours" DECIMAL(10,1),
    "laborHours" DECIMAL(7,2),
    "laborCostMinor" BIGINT NOT NULL DEFAULT 0,
    "partsCostMinor" BIGINT NOT NULL DEFAULT 0,
    "resolution" TEXT,
    "itemKey" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WorkOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkOrderChecklistItem" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "workOrderId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "result" "ChecklistResult" NOT NULL DEFAULT 'PENDING',
    "note" TEXT,
    "correctiveWorkOrderId" UUID,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WorkOrderChecklistItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkOrderPart" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "workOrderId" UUID NOT NULL,
    "partNumber" TEXT,
    "name" TEXT NOT NULL,
    "quantity" DECIMAL(10,3) NOT NULL,
    "unitCostMinor" BIGINT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WorkOrderPart_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CostDocument" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "category" "CostCategory" NOT NULL,
    "documentDate" DATE NOT NULL,
    "supplier" TEXT,
    "description" TEXT,
    "assetId" UUID,
    "jobId" UUID,
    "workOrderId" UUID,
    "currency" TEXT NOT NULL DEFAULT 'CNY',
    "totalMinor" BIGINT NOT NULL DEFAULT 0,
    "status" "CostDocumentStatus" NOT NULL DEFAULT 'DRAFT',
    "createdByMembershipId" UUID,
    "createdByUserId" UUID,
    "submittedAt" TIMESTAMPTZ(3),
    "submittedByUserId" UUID,
    "decidedAt" TIMESTAMPTZ(3),
    "decidedByUserId" UUID,
    "rejectionReason" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "deletedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CostDocument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CostLine" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "documentId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "quantity" DECIMAL(12,3) NOT NULL,
    "unit" TEXT,
    "unitPriceMinor" BIGINT NOT NULL,
    "amountMinor" BIGINT NOT NULL,

    CONSTRAINT "CostLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Field_organizationId_teamId_idx" ON "Field"("organizationId", "teamId");

-- CreateIndex
CREATE UNIQUE INDEX "Field_organizationId_id_key" ON "Field"("organizationId", "id");

-- CreateIndex
CREATE INDEX "Job_organizationId_status_windowStart_idx" ON "Job"("organizationId", "status", "windowStart");

-- CreateIndex
CREATE INDEX "Job_organizationId_fieldId_idx" ON "Job"("organizationId", "fieldId");

-- CreateIndex
CREATE UNIQUE INDEX "Job_organizationId_id_key" ON "Job"("organizationId", "id");

-- CreateIndex
CREATE INDEX "Assignment_organizationId_jobId_idx" ON "Assignment"("organizationId", "jobId");

-- CreateIndex
CREATE INDEX "Assignment_organizationId_operatorMembershipId_idx" ON "Assignment"("organizationId", "operatorMembershipId");

-- CreateIndex
CREATE UNIQUE INDEX "Assignment_organizationId_id_key" ON "Assignment"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Assignment_organizationId_itemKey_key" ON "Assignment"("organizationId", "itemKey");

-- CreateIndex
CREATE INDEX "AssignmentMachine_organizationId_assetId_idx" ON "AssignmentMachine"("organizationId", "assetId");

-- CreateIndex
CREATE INDEX "MachineBooking_organizationId_assetId_startsAt_idx" ON "MachineBooking"("organizationId", "assetId", "startsAt");

-- CreateIndex
CREATE INDEX "MachineBooking_organizationId_startsAt_idx" ON "MachineBooking"("organizationId", "startsAt");

-- CreateIndex
CREATE INDEX "OperatorBooking_organizationId_membershipId_startsAt_idx" ON "OperatorBooking"("organizationId", "membershipId", "startsAt");

-- CreateIndex
CREATE INDEX "MaintenancePlan_organizationId_assetId_idx" ON "MaintenancePlan"("organizationId", "assetId");

-- CreateIndex
CREATE INDEX "MaintenancePlan_organizationId_modelId_idx" ON "MaintenancePlan"("organizationId", "modelId");

-- CreateIndex
CREATE UNIQUE INDEX "MaintenancePlan_organizationId_id_key" ON "MaintenancePlan"("organizationId", "id");

-- CreateIndex
CREATE INDEX "WorkOrder_organizationId_status_idx" ON "WorkOrder"("organizationId", "status");

-- CreateIndex
CREATE INDEX "WorkOrder_organizationId_assetId_idx" ON "WorkOrder"("organizationId", "assetId");

-- CreateIndex
CREATE INDEX "WorkOrder_organizationId_assigneeMembershipId_idx" ON "WorkOrder"("organizationId", "assigneeMembershipId");

-- CreateIndex
CREATE UNIQUE INDEX "WorkOrder_organizationId_id_key" ON "WorkOrder"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "WorkOrder_organizationId_number_key" ON "WorkOrder"("organizationId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "WorkOrder_organizationId_itemKey_key" ON "WorkOrder"("organizationId", "itemKey");

-- CreateIndex
CREATE UNIQUE INDEX "WorkOrderChecklistItem_organizationId_id_key" ON "WorkOrderChecklistItem"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "WorkOrderChecklistItem_workOrderId_position_key" ON "WorkOrderChecklistItem"("workOrderId", "position");

-- CreateIndex
CREATE INDEX "WorkOrderPart_organizationId_workOrderId_idx" ON "WorkOrderPart"("organizationId", "workOrderId");

-- CreateIndex
CREATE INDEX "CostDocument_organizationId_status_idx" ON "CostDocument"("organizationId", "status");

-- CreateIndex
CREATE INDEX "CostDocument_organizationId_documentDate_idx" ON "CostDocument"("organizationId", "documentDate");

-- CreateIndex
CREATE INDEX "CostDocument_organizationId_assetId_idx" ON "CostDocument"("organizationId", "assetId");

-- CreateIndex
CREATE UNIQUE INDEX "CostDocument_organizationId_id_key" ON "CostDocument"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "CostDocument_organizationId_number_key" ON "CostDocument"("organizationId", "number");

-- CreateIndex
CREATE INDEX "CostLine_organizationId_documentId_idx" ON "CostLine"("organizationId", "documentId");

-- CreateIndex
CREATE UNIQUE INDEX "CostLine_documentId_position_key" ON "CostLine"("documentId", "position");

-- AddForeignKey
ALTER TABLE "Field" ADD CONSTRAINT "Field_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Field" ADD CONSTRAINT "Field_organizationId_teamId_fkey" FOREIGN KEY ("organizationId", "teamId") REFERENCES "Team"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_organizationId_teamId_fkey" FOREIGN KEY ("organizationId", "teamId") REFERENCES "Team"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_organizationId_fieldId_fkey" FOREIGN KEY ("organizationId", "fieldId") REFERENCES "Field"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_organizationId_jobId_fkey" FOREIGN KEY ("organizationId", "jobId") REFERENCES "Job"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_organizationId_operatorMembershipId_fkey" FOREIGN KEY ("organizationId", "operatorMembershipId") REFERENCES "Membership"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssignmentMachine" ADD CONSTRAINT "AssignmentMachine_organizationId_assignmentId_fkey" FOREIGN KEY ("organizationId", "assignmentId") REFERENCES "Assignment"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssignmentMachine" ADD CONSTRAINT "AssignmentMachine_organizationId_assetId_fkey" FOREIGN KEY ("organizationId", "assetId") REFERENCES "Asset"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MachineBooking" ADD CONSTRAINT "MachineBooking_organizationId_assetId_fkey" FOREIGN KEY ("organizationId", "assetId") REFERENCES "Asset"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MachineBooking" ADD CONSTRAINT "MachineBooking_organizationId_assignmentId_fkey" FOREIGN KEY ("organizationId", "assignmentId") REFERENCES "Assignment"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MachineBooking" ADD CONSTRAINT "MachineBooking_organizationId_workOrderId_fkey" FOREIGN KEY ("organizationId", "workOrderId") REFERENCES "WorkOrder"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OperatorBooking" ADD CONSTRAINT "OperatorBooking_organizationId_membershipId_fkey" FOREIGN KEY ("organizationId", "membershipId") REFERENCES "Membership"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OperatorBooking" ADD CONSTRAINT "OperatorBooking_organizationId_assignmentId_fkey" FOREIGN KEY ("organizationId", "assignmentId") REFERENCES "Assignment"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MaintenancePlan" ADD CONSTRAINT "MaintenancePlan_organizationId_assetId_fkey" FOREIGN KEY ("organizationId", "assetId") REFERENCES "Asset"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MaintenancePlan" ADD CONSTRAINT "MaintenancePlan_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "MachineModel"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_organizationId_assetId_fkey" FOREIGN KEY ("organizationId", "assetId") REFERENCES "Asset"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_organizationId_planId_fkey" FOREIGN KEY ("organizationId", "planId") REFERENCES "MaintenancePlan"("organizationId", "id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkOrderChecklistItem" ADD CONSTRAINT "WorkOrderChecklistItem_organizationId_workOrderId_fkey" FOREIGN KEY ("organizationId", "workOrderId") REFERENCES "WorkOrder"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkOrderPart" ADD CONSTRAINT "WorkOrderPart_organizationId_workOrderId_fkey" FOREIGN KEY ("organizationId", "workOrderId") REFERENCES "WorkOrder"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CostDocument" ADD CONSTRAINT "CostDocument_organizationId_assetId_fkey" FOREIGN KEY ("organizationId", "assetId") REFERENCES "Asset"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CostDocument" ADD CONSTRAINT "CostDocument_organizationId_jobId_fkey" FOREIGN KEY ("organizationId", "jobId") REFERENCES "Job"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CostDocument" ADD CONSTRAINT "CostDocument_organizationId_workOrderId_fkey" FOREIGN KEY ("organizationId", "workOrderId") REFERENCES "WorkOrder"("organizationId", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CostLine" ADD CONSTRAINT "CostLine_organizationId_documentId_fkey" FOREIGN KEY ("organizationId", "documentId") REFERENCES "CostDocument"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- =============================================================================
-- Hand-written SQL (Prisma does not model these objects; `npm run db:check`
-- ignores them, so they survive future diffs). Keep below the generated part.
-- =============================================================================

-- Field names are unique among an org's live fields.
CREATE UNIQUE INDEX "Field_organizationId_name_live_key"
  ON "Field" ("organizationId", "name") WHERE "deletedAt" IS NULL;

ALTER TABLE "Field" ADD CONSTRAINT "Field_areaM2_positive" CHECK ("areaM2" > 0);
ALTER TABLE "Job" ADD CONSTRAINT "Job_window_valid" CHECK ("windowEnd" > "windowStart");
ALTER TABLE "Job" ADD CONSTRAINT "Job_priority_range" CHECK ("priority" BETWEEN 1 AND 5);
ALTER TABLE "Job" ADD CONSTRAINT "Job_areaM2_positive" CHECK ("areaM2" > 0);

-- At most one live assignment per job.
CREATE UNIQUE INDEX "Assignment_jobId_live_key"
  ON "Assignment" ("jobId") WHERE "releasedAt" IS NULL;
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_range_valid" CHECK ("endsAt" > "startsAt");

-- No double booking, enforced by the database: two active bookings of the same
-- machine (or operator) may not overlap. Ranges are half-open [start, end), so
-- back-to-back bookings are fine. btree_gist (enabled in init) lets gist compare uuids.
ALTER TABLE "MachineBooking" ADD CONSTRAINT "MachineBooking_range_valid" CHECK ("endsAt" > "startsAt");
ALTER TABLE "MachineBooking" ADD CONSTRAINT "MachineBooking_owner_matches_kind" CHECK (
  ("kind" = 'JOB' AND "assignmentId" IS NOT NULL AND "workOrderId" IS NULL) OR
  ("kind" = 'WORK_ORDER' AND "workOrderId" IS NOT NULL AND "assignmentId" IS NULL)
);
ALTER TABLE "MachineBooking" ADD CONSTRAINT "MachineBooking_no_overlap"
  EXCLUDE USING gist ("assetId" WITH =, tstzrange("startsAt", "endsAt", '[)') WITH &&)
  WHERE ("releasedAt" IS NULL);

ALTER TABLE "OperatorBooking" ADD CONSTRAINT "OperatorBooking_range_valid" CHECK ("endsAt" > "startsAt");
ALTER TABLE "OperatorBooking" ADD CONSTRAINT "OperatorBooking_no_overlap"
  EXCLUDE USING gist ("membershipId" WITH =, tstzrange("startsAt", "endsAt", '[)') WITH &&)
  WHERE ("releasedAt" IS NULL);

ALTER TABLE "MaintenancePlan" ADD CONSTRAINT "MaintenancePlan_target" CHECK (("assetId" IS NULL) <> ("modelId" IS NULL));
ALTER TABLE "MaintenancePlan" ADD CONSTRAINT "MaintenancePlan_interval" CHECK ("intervalHours" IS NOT NULL OR "intervalDays" IS NOT NULL);
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_window_valid" CHECK ("plannedEnd" IS NULL OR "plannedStart" IS NULL OR "plannedEnd" > "plannedStart");
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_priority_range" CHECK ("priority" BETWEEN 1 AND 5);
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_costs_nonnegative" CHECK ("laborCostMinor" >= 0 AND "partsCostMinor" >= 0);
ALTER TABLE "CostDocument" ADD CONSTRAINT "CostDocument_total_nonnegative" CHECK ("totalMinor" >= 0);
ALTER TABLE "CostLine" ADD CONSTRAINT "CostLine_amounts_nonnegative" CHECK ("unitPriceMinor" >= 0 AND "amountMinor" >= 0 AND "quantity" > 0);
