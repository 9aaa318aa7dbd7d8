-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "laborRateMinor" BIGINT;

-- AlterTable
ALTER TABLE "WorkOrder" ADD COLUMN     "laborRateMinor" BIGINT;

-- CreateTable
CREATE TABLE "Notification" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "recipientMembershipId" UUID NOT NULL,
    "eventId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "resourceType" TEXT NOT NULL,
    "resourceId" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    "title" TEXT,
    "jobIds" UUID[],
    "readAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Notification_organizationId_recipientMembershipId_createdAt_idx" ON "Notification"("organizationId", "recipientMembershipId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Notification_organizationId_recipientMembershipId_readAt_idx" ON "Notification"("organizationId", "recipientMembershipId", "readAt");

-- CreateIndex
CREATE UNIQUE INDEX "Notification_eventId_recipientMembershipId_key" ON "Notification"("eventId", "recipientMembershipId");
