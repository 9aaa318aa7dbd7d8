-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "createdByMembershipId" UUID,
ADD COLUMN     "dataScope" "DataScope" NOT NULL DEFAULT 'ORG',
ADD COLUMN     "teamIds" UUID[] DEFAULT ARRAY[]::UUID[];

-- Existing keys act for the member who created them (the creator's membership of the key's org).
-- Their data scope stays ORG here; each request narrows it to the creator's current scope.
UPDATE "ApiKey" k SET "createdByMembershipId" = m.id
  FROM "Membership" m
 WHERE m."organizationId" = k."organizationId" AND m."userId" = k."createdById" AND k."createdByMembershipId" IS NULL;
