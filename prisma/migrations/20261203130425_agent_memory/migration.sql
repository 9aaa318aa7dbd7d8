-- CreateEnum
CREATE TYPE "AgentPreferenceKind" AS ENUM ('PREFER_TEAM', 'PREFER_ASSET', 'PREFER_OPERATOR', 'AVOID_ASSET', 'AVOID_OPERATOR', 'AVOID_WEEKDAY');

-- CreateEnum
CREATE TYPE "AgentFeedbackRating" AS ENUM ('UP', 'DOWN');

-- AlterTable
ALTER TABLE "AgentRun" ADD COLUMN     "entities" JSONB NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "AgentPreference" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "kind" "AgentPreferenceKind" NOT NULL,
    "targetId" UUID,
    "targetName" TEXT,
    "weekday" INTEGER,
    "text" TEXT NOT NULL,
    "sourceRunId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AgentPreference_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgentFeedback" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "runId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "rating" "AgentFeedbackRating" NOT NULL,
    "comment" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AgentFeedback_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AgentPreference_organizationId_userId_createdAt_idx" ON "AgentPreference"("organizationId", "userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "AgentPreference_organizationId_id_key" ON "AgentPreference"("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "AgentFeedback_organizationId_runId_userId_key" ON "AgentFeedback"("organizationId", "runId", "userId");

-- AddForeignKey
ALTER TABLE "AgentFeedback" ADD CONSTRAINT "AgentFeedback_organizationId_runId_fkey" FOREIGN KEY ("organizationId", "runId") REFERENCES "AgentRun"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
