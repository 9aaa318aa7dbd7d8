-- CreateEnum
CREATE TYPE "AgentRunStatus" AS ENUM ('RUNNING', 'COMPLETED', 'NEEDS_INPUT', 'FAILED');

-- CreateEnum
CREATE TYPE "DraftKind" AS ENUM ('SCHEDULE', 'MAINTENANCE');

-- CreateEnum
CREATE TYPE "DraftStatus" AS ENUM ('OPEN', 'REJECTED', 'EXECUTING', 'EXECUTED');

-- CreateEnum
CREATE TYPE "ExecutionStatus" AS ENUM ('PENDING', 'RUNNING', 'SUCCEEDED', 'PARTIAL', 'FAILED', 'REFUSED');

-- CreateEnum
CREATE TYPE "ReceiptStatus" AS ENUM ('SUCCEEDED', 'CONFLICT', 'FAILED');

-- CreateTable
CREATE TABLE "AgentConversation" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "createdByUserId" UUID,
    "summary" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AgentConversation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgentRun" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "conversationId" UUID,
    "initiatorUserId" UUID,
    "initiatorMembershipId" UUID,
    "goal" TEXT NOT NULL,
    "planner" TEXT NOT NULL,
    "status" "AgentRunStatus" NOT NULL DEFAULT 'RUNNING',
    "constraints" JSONB,
    "question" TEXT,
    "steps" JSONB NOT NULL DEFAULT '[]',
    "error" TEXT,
    "draftId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMPTZ(3),

    CONSTRAINT "AgentRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Draft" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "kind" "DraftKind" NOT NULL,
    "status" "DraftStatus" NOT NULL DEFAULT 'OPEN',
    "title" TEXT NOT NULL,
    "runId" UUID,
    "currentVersion" INTEGER NOT NULL DEFAULT 1,
    "confirmedVersion" INTEGER,
    "confirmedHash" TEXT,
    "confirmedByUserId" UUID,
    "confirmedByMembershipId" UUID,
    "confirmedAt" TIMESTAMPTZ(3),
    "rejectedByUserId" UUID,
    "rejectedAt" TIMESTAMPTZ(3),
    "rejectionReason" TEXT,
    "createdByUserId" UUID,
    "rowVersion" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Draft_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DraftVersion" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "draftId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "basedOnVersion" INTEGER,
    "items" JSONB NOT NULL,
    "unplaced" JSONB NOT NULL,
    "validation" JSONB NOT NULL,
    "evidence" JSONB NOT NULL,
    "contentHash" TEXT NOT NULL,
    "note" TEXT,
    "createdByUserId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DraftVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Execution" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "draftId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "status" "ExecutionStatus" NOT NULL DEFAULT 'PENDING',
    "initiatorUserId" UUID,
    "initiatorMembershipId" UUID,
    "itemsTotal" INTEGER NOT NULL,
    "error" TEXT,
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Execution_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExecutionReceipt" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "executionId" UUID NOT NULL,
    "itemKey" TEXT NOT NULL,
    "itemIndex" INTEGER NOT NULL,
    "status" "ReceiptStatus" NOT NULL,
    "recordType" TEXT,
    "recordId" UUID,
    "detail" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ExecutionReceipt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AgentConversation_organizationId_createdAt_idx" ON "AgentConversation"("organizationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "AgentConversation_organizationId_id_key" ON "AgentConversation"("organizationId", "id");

-- CreateIndex
CREATE INDEX "AgentRun_organizationId_createdAt_idx" ON "AgentRun"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "AgentRun_organizationId_conversationId_idx" ON "AgentRun"("organizationId", "conversationId");

-- CreateIndex
CREATE UNIQUE INDEX "AgentRun_organizationId_id_key" ON "AgentRun"("organizationId", "id");

-- CreateIndex
CREATE INDEX "Draft_organizationId_status_createdAt_idx" ON "Draft"("organizationId", "status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Draft_organizationId_id_key" ON "Draft"("organizationId", "id");

-- CreateIndex
CREATE INDEX "DraftVersion_organizationId_draftId_idx" ON "DraftVersion"("organizationId", "draftId");

-- CreateIndex
CREATE UNIQUE INDEX "DraftVersion_draftId_version_key" ON "DraftVersion"("draftId", "version");

-- CreateIndex
CREATE INDEX "Execution_organizationId_status_idx" ON "Execution"("organizationId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Execution_organizationId_id_key" ON "Execution"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Execution_draftId_version_key" ON "Execution"("draftId", "version");

-- CreateIndex
CREATE INDEX "ExecutionReceipt_organizationId_executionId_idx" ON "ExecutionReceipt"("organizationId", "executionId");

-- CreateIndex
CREATE UNIQUE INDEX "ExecutionReceipt_executionId_itemKey_key" ON "ExecutionReceipt"("executionId", "itemKey");

-- AddForeignKey
ALTER TABLE "AgentRun" ADD CONSTRAINT "AgentRun_organizationId_conversationId_fkey" FOREIGN KEY ("organizationId", "conversationId") REFERENCES "AgentConversation"("organizationId", "id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DraftVersion" ADD CONSTRAINT "DraftVersion_organizationId_draftId_fkey" FOREIGN KEY ("organizationId", "draftId") REFERENCES "Draft"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Execution" ADD CONSTRAINT "Execution_organizationId_draftId_fkey" FOREIGN KEY ("organizationId", "draftId") REFERENCES "Draft"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExecutionReceipt" ADD CONSTRAINT "ExecutionReceipt_organizationId_executionId_fkey" FOREIGN KEY ("organizationId", "executionId") REFERENCES "Execution"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- =============================================================================
-- Hand-written SQL (Prisma does not model these objects; `npm run db:check`
-- ignores them, so they survive future diffs). Keep below the generated part.
-- =============================================================================

-- A draft version is what a person reviewed and confirmed: it never changes. Editing a draft
-- writes version N+1. (DELETE stays possible so an organization can be erased by cascade.)
CREATE OR REPLACE FUNCTION "draft_version_immutable"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'DraftVersion rows are immutable'
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
CREATE TRIGGER "DraftVersion_immutable"
  BEFORE UPDATE ON "DraftVersion"
  FOR EACH ROW EXECUTE FUNCTION "draft_version_immutable"();

ALTER TABLE "DraftVersion" ADD CONSTRAINT "DraftVersion_version_positive" CHECK ("version" >= 1);
ALTER TABLE "Draft" ADD CONSTRAINT "Draft_confirmation_complete" CHECK (
  ("confirmedVersion" IS NULL) = ("confirmedHash" IS NULL) AND ("confirmedVersion" IS NULL) = ("confirmedAt" IS NULL)
);
ALTER TABLE "Execution" ADD CONSTRAINT "Execution_items_nonnegative" CHECK ("itemsTotal" >= 0);
