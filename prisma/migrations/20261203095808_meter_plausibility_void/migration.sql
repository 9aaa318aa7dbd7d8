-- AlterTable
ALTER TABLE "MeterReading" ADD COLUMN     "jumpConfirmed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "voidReason" TEXT,
ADD COLUMN     "voidedAt" TIMESTAMPTZ(3),
ADD COLUMN     "voidedByUserId" UUID;
