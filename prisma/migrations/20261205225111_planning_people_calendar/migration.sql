-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "maxDailyHours" DECIMAL(4,1),
ADD COLUMN     "operatesMachines" BOOLEAN;

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "maxDailyHours" DECIMAL(4,1),
ADD COLUMN     "workBreak" TEXT;

-- a day limit is a positive number of hours within a day
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_maxDailyHours_check" CHECK ("maxDailyHours" IS NULL OR ("maxDailyHours" > 0 AND "maxDailyHours" <= 24));
ALTER TABLE "Organization" ADD CONSTRAINT "Organization_maxDailyHours_check" CHECK ("maxDailyHours" IS NULL OR ("maxDailyHours" > 0 AND "maxDailyHours" <= 24));
ALTER TABLE "Organization" ADD CONSTRAINT "Organization_workBreak_check" CHECK ("workBreak" IS NULL OR "workBreak" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-3]):[0-5][0-9]$');
