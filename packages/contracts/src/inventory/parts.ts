import { z } from 'zod';
import { ZMoneyMinor } from '../common.js';
import { ZPartCategory, ZText } from './basics.js';
import { ZStockRow } from './stock.js';

/** The parts catalog: parts with their suppliers, and the manual pages that name them. */

export const ZPartSupplierInput = z.object({
  name: ZText(200),
  supplierPartNumber: ZText(100).nullish(),
  priceMinor: ZMoneyMinor,
  leadTimeDays: z.number().int().min(0).max(365),
  preferred: z.boolean().optional(),
});
export type TPartSupplierInput = z.infer<typeof ZPartSupplierInput>;

export const ZCreatePartRequest = z.object({
  partNumber: ZText(100),
  makerPartNumber: ZText(100).nullish(),
  maker: ZText(100).nullish(),
  nameZh: ZText(200),
  nameEn: ZText(200).nullish(),
  unit: ZText(20).default('个'),
  countedInPieces: z.boolean().default(true),
  category: ZPartCategory,
  barcode: ZText(200).nullish(),
  compatibleModelIds: z.array(z.uuid()).max(100).default([]),
  photoUrl: z.url().max(2000).nullish(),
  notes: z.string().max(2000).nullish(),
  suppliers: z.array(ZPartSupplierInput).max(20).default([]),
});
export type TCreatePartRequest = z.infer<typeof ZCreatePartRequest>;

export const ZUpdatePartRequest = z
  .object({
    version: z.number().int().positive(),
    partNumber: ZText(100).optional(),
    makerPartNumber: ZText(100).nullish(),
    maker: ZText(100).nullish(),
    nameZh: ZText(200).optional(),
    nameEn: ZText(200).nullish(),
    unit: ZText(20).optional(),
    countedInPieces: z.boolean().optional(),
    category: ZPartCategory.optional(),
    barcode: ZText(200).nullish(),
    compatibleModelIds: z.array(z.uuid()).max(100).optional(),
    photoUrl: z.url().max(2000).nullish(),
    notes: z.string().max(2000).nullish(),
    active: z.boolean().optional(),
    /** replaces the supplier list when given */
    suppliers: z.array(ZPartSupplierInput).max(20).optional(),
  })
  .strict();
export type TUpdatePartRequest = z.infer<typeof ZUpdatePartRequest>;

export const ZListPartsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** the last partNumber of the previous page */
  cursor: z.string().min(1).max(100).optional(),
  /** part number, maker part number, name or barcode contains */
  q: z.string().trim().min(1).max(100).optional(),
  /** exact barcode (a scan): BARCODE_AMBIGUOUS if it matches two parts */
  barcode: z.string().trim().min(1).max(200).optional(),
  category: ZPartCategory.optional(),
  modelId: z.uuid().optional(),
});
export type TListPartsQuery = z.infer<typeof ZListPartsQuery>;

export const ZPartSupplier = z.object({
  id: z.uuid(),
  name: z.string(),
  supplierPartNumber: z.string().nullable(),
  priceMinor: ZMoneyMinor,
  leadTimeDays: z.number().int(),
  preferred: z.boolean(),
});

export const ZPart = z.object({
  id: z.uuid(),
  partNumber: z.string(),
  makerPartNumber: z.string().nullable(),
  maker: z.string().nullable(),
  nameZh: z.string(),
  nameEn: z.string().nullable(),
  unit: z.string(),
  countedInPieces: z.boolean(),
  category: ZPartCategory,
  barcode: z.string().nullable(),
  compatibleModelIds: z.array(z.uuid()),
  photoUrl: z.string().nullable(),
  notes: z.string().nullable(),
  active: z.boolean(),
  version: z.number().int(),
  suppliers: z.array(ZPartSupplier),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPart = z.infer<typeof ZPart>;

/** A manual page that names the part's maker or own part number (cited). */
export const ZPartManualRef = z.object({
  documentId: z.uuid(),
  versionId: z.uuid(),
  title: z.string(),
  page: z.number().int(),
  excerpt: z.string(),
});

export const ZListPartsResponse = z.object({ items: z.array(ZPart), nextCursor: z.string().nullable() });

export const ZPartDetail = ZPart.extend({
  stock: z.array(ZStockRow),
  manualRefs: z.array(ZPartManualRef),
});
export type TPartDetail = z.infer<typeof ZPartDetail>;
