-- CreateEnum
CREATE TYPE "DocumentLanguage" AS ENUM ('zh', 'en');

-- CreateEnum
CREATE TYPE "DocumentVersionStatus" AS ENUM ('UPLOADED', 'PROCESSING', 'READY', 'FAILED');

-- CreateTable
CREATE TABLE "Document" (
    "id" UUID NOT NULL,
    "organizationId" UUID,
    "title" TEXT NOT NULL,
    "language" "DocumentLanguage" NOT NULL,
    "currentVersionId" UUID,
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Document_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentModel" (
    "documentId" UUID NOT NULL,
    "machineModelId" UUID NOT NULL,

    CONSTRAINT "DocumentModel_pkey" PRIMARY KEY ("documentId","machineModelId")
);

-- CreateTable
CREATE TABLE "DocumentVersion" (
    "id" UUID NOT NULL,
    "documentId" UUID NOT NULL,
    "organizationId" UUID,
    "versionNumber" INTEGER NOT NULL,
    "status" "DocumentVersionStatus" NOT NULL DEFAULT 'UPLOADED',
    "fileName" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "pageCount" INTEGER,
    "ocrPages" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "warnings" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "failureCode" TEXT,
    "failureReason" TEXT,
    "embeddingModel" TEXT,
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processingAt" TIMESTAMPTZ(3),
    "readyAt" TIMESTAMPTZ(3),

    CONSTRAINT "DocumentVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentPage" (
    "versionId" UUID NOT NULL,
    "page" INTEGER NOT NULL,
    "label" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "ocr" BOOLEAN NOT NULL DEFAULT false,
    "noText" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "DocumentPage_pkey" PRIMARY KEY ("versionId","page")
);

-- CreateTable
CREATE TABLE "DocumentChunk" (
    "id" UUID NOT NULL,
    "versionId" UUID NOT NULL,
    "documentId" UUID NOT NULL,
    "organizationId" UUID,
    "ordinal" INTEGER NOT NULL,
    "parentId" UUID,
    "pageStart" INTEGER NOT NULL,
    "pageEnd" INTEGER NOT NULL,
    "section" TEXT,
    "text" TEXT NOT NULL,
    "tokens" TEXT NOT NULL,
    "tsv" tsvector,
    "embedding" BYTEA,

    CONSTRAINT "DocumentChunk_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Document_currentVersionId_key" ON "Document"("currentVersionId");

-- CreateIndex
CREATE INDEX "Document_organizationId_createdAt_id_idx" ON "Document"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "DocumentModel_machineModelId_idx" ON "DocumentModel"("machineModelId");

-- CreateIndex
CREATE INDEX "DocumentVersion_organizationId_sha256_idx" ON "DocumentVersion"("organizationId", "sha256");

-- CreateIndex
CREATE INDEX "DocumentVersion_status_idx" ON "DocumentVersion"("status");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentVersion_documentId_versionNumber_key" ON "DocumentVersion"("documentId", "versionNumber");

-- CreateIndex
CREATE INDEX "DocumentChunk_documentId_idx" ON "DocumentChunk"("documentId");

-- CreateIndex
CREATE INDEX "DocumentChunk_parentId_idx" ON "DocumentChunk"("parentId");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentChunk_versionId_ordinal_key" ON "DocumentChunk"("versionId", "ordinal");

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_currentVersionId_fkey" FOREIGN KEY ("currentVersionId") REFERENCES "DocumentVersion"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentModel" ADD CONSTRAINT "DocumentModel_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentModel" ADD CONSTRAINT "DocumentModel_machineModelId_fkey" FOREIGN KEY ("machineModelId") REFERENCES "MachineModel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentVersion" ADD CONSTRAINT "DocumentVersion_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentPage" ADD CONSTRAINT "DocumentPage_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "DocumentVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentChunk" ADD CONSTRAINT "DocumentChunk_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "DocumentVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentChunk" ADD CONSTRAINT "DocumentChunk_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "DocumentChunk"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- =============================================================================
-- Hand-written SQL (Prisma does not model these objects; `npm run db:check`
-- ignores them, so they survive future diffs). Keep below the generated part.
-- =============================================================================

-- Trigram matching for model numbers and fault codes (a trusted contrib extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Full-text over jieba-segmented tokens ('simple' config: the segmentation is done in the app),
-- and trigrams over the text. Both are also declared in schema.prisma (so db:check knows them).
CREATE INDEX "DocumentChunk_tsv_idx" ON "DocumentChunk" USING gin ("tsv");
CREATE INDEX "DocumentChunk_text_trgm_idx" ON "DocumentChunk" USING gin ("text" gin_trgm_ops);

-- The same file (sha256) is stored once per organization (once in the platform library):
-- a concurrent second upload hits this and is answered as a duplicate.
CREATE UNIQUE INDEX "DocumentVersion_scope_sha256_key"
  ON "DocumentVersion" (COALESCE("organizationId", '00000000-0000-0000-0000-000000000000'::uuid), "sha256");

ALTER TABLE "DocumentVersion" ADD CONSTRAINT "DocumentVersion_sha256_hex" CHECK ("sha256" ~ '^[0-9a-f]{64}$');
ALTER TABLE "DocumentChunk" ADD CONSTRAINT "DocumentChunk_page_span" CHECK ("pageStart" >= 1 AND "pageEnd" >= "pageStart");
