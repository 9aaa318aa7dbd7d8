-- AlterTable
ALTER TABLE "MachineModel" ADD COLUMN     "fieldEfficiency" DECIMAL(3,2),
ADD COLUMN     "hitchTypes" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "requiredPowerKw" INTEGER,
ADD COLUMN     "requiredQualifications" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "workRateHaPerHour" DECIMAL(6,2),
ADD COLUMN     "workingSpeedKmh" DECIMAL(5,1);

-- CreateTable
CREATE TABLE "MemberQualification" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "membershipId" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "expiresAt" DATE,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MemberQualification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MemberLeave" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "membershipId" UUID NOT NULL,
    "startsAt" TIMESTAMPTZ(3) NOT NULL,
    "endsAt" TIMESTAMPTZ(3) NOT NULL,
    "reason" TEXT,
    "createdByUserId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MemberLeave_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MemberQualification_organizationId_membershipId_idx" ON "MemberQualification"("organizationId", "membershipId");

-- CreateIndex
CREATE UNIQUE INDEX "MemberQualification_membershipId_code_key" ON "MemberQualification"("membershipId", "code");

-- CreateIndex
CREATE INDEX "MemberLeave_organizationId_membershipId_startsAt_idx" ON "MemberLeave"("organizationId", "membershipId", "startsAt");

-- CreateIndex
CREATE UNIQUE INDEX "MemberLeave_organizationId_id_key" ON "MemberLeave"("organizationId", "id");

-- AddForeignKey
ALTER TABLE "MemberQualification" ADD CONSTRAINT "MemberQualification_organizationId_membershipId_fkey" FOREIGN KEY ("organizationId", "membershipId") REFERENCES "Membership"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MemberLeave" ADD CONSTRAINT "MemberLeave_organizationId_membershipId_fkey" FOREIGN KEY ("organizationId", "membershipId") REFERENCES "Membership"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- a leave is a range forward in time; rates and efficiency are positive
ALTER TABLE "MemberLeave" ADD CONSTRAINT "MemberLeave_range_valid" CHECK ("endsAt" > "startsAt");
ALTER TABLE "MachineModel" ADD CONSTRAINT "MachineModel_fieldEfficiency_range" CHECK ("fieldEfficiency" IS NULL OR ("fieldEfficiency" > 0 AND "fieldEfficiency" <= 1));
