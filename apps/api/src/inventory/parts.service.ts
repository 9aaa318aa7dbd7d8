import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import type {
  TCreatePartRequest,
  TListPartsQuery,
  TPart,
  TPartDetail,
  TPartSupplierInput,
  TUpdatePartRequest,
} from '@amms/contracts/inventory';
import { AuditService } from '../audit/audit.service.js';
import { diff } from '../audit/changes.js';
import type { OrgContext } from '../platform/access/context.js';
import { versionConflict } from '../platform/errors/app-error.js';
import { isUniqueViolation } from '../platform/prisma/db-errors.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { PartsRepository, type SupplierRow } from './parts.repository.js';
import { InventoryErrors } from './inventory.errors.js';
import { toPart } from './inventory.mappers.js';
import { StockQueriesService } from './stock-queries.service.js';

/** The org's parts catalog. Part numbers and barcodes are unique per org (the database says so). */
@Injectable()
export class PartsService {
  constructor(
    private readonly repo: PartsRepository,
    private readonly audit: AuditService,
    private readonly stock: StockQueriesService,
  ) {
    audit.registerReader('part', (ctx, id) => this.get(ctx, id));
  }

  async list(ctx: OrgContext, q: TListPartsQuery): Promise<{ items: TPart[]; nextCursor: string | null }> {
    const org = ctx.organizationId;
    if (q.barcode) {
      const hits = await this.repo.findByCode(org, q.barcode);
      // a scan that could be two parts is never guessed: the person picks
      if (new Set(hits.map((h) => h.id)).size > 1) throw InventoryErrors.barcodeAmbiguous(hits.map((h) => h.id));
      return { items: hits.map(toPart), nextCursor: null };
    }
    const where: Prisma.PartWhereInput = {
      organizationId: org,
      ...(q.category ? { category: q.category } : {}),
      ...(q.modelId ? { compatibleModelIds: { has: q.modelId } } : {}),
      ...(q.q
        ? {
            OR: [
              { partNumber: { contains: q.q, mode: 'insensitive' } },
              { makerPartNumber: { contains: q.q, mode: 'insensitive' } },
              { nameZh: { contains: q.q, mode: 'insensitive' } },
              { nameEn: { contains: q.q, mode: 'insensitive' } },
              { barcode: q.q },
            ],
          }
        : {}),
      ...(q.cursor ? { partNumber: { gt: q.cursor } } : {}),
    };
    const rows = await this.repo.list(where, q.limit + 1);
    const more = rows.length > q.limit;
    const items = rows.slice(0, q.limit).map(toPart);
    return { items, nextCursor: more ? items[items.length - 1]!.partNumber : null };
  }

  async get(ctx: OrgContext, id: string): Promise<TPartDetail> {
    const p = await this.repo.findWithSuppliers(ctx.organizationId, id);
    if (!p) throw InventoryErrors.partNotFound();
    const numbers = [p.makerPartNumber, p.partNumber].filter((n): n is string => !!n);
    const [stock, refs] = await Promise.all([
      this.stock.rows(ctx, { partId: id }),
      this.repo.manualRefs(ctx.organizationId, numbers),
    ]);
    return { ...toPart(p), stock, manualRefs: refs };
  }

  async create(ctx: OrgContext, input: TCreatePartRequest): Promise<TPartDetail> {
    const { id } = await this.write(input.partNumber, (tx) => this.createIn(tx, ctx, input));
    return this.get(ctx, id);
  }

  /** The create path on the caller's transaction (the import runs each row through it). */
  async createIn(tx: Tx, ctx: OrgContext, input: TCreatePartRequest): Promise<{ id: string }> {
    await this.checkModels(tx, ctx, input.compatibleModelIds);
    const p = await this.repo.create(tx, {
      organizationId: ctx.organizationId,
      partNumber: input.partNumber,
      makerPartNumber: input.makerPartNumber ?? null,
      maker: input.maker ?? null,
      nameZh: input.nameZh,
      nameEn: input.nameEn ?? null,
      unit: input.unit,
      countedInPieces: input.countedInPieces,
      category: input.category,
      barcode: input.barcode ?? null,
      compatibleModelIds: input.compatibleModelIds,
      photoUrl: input.photoUrl ?? null,
      notes: input.notes ?? null,
    });
    await this.repo.addSuppliers(tx, p.id, this.suppliers(ctx, input.suppliers));
    await this.audit.record(tx, ctx, 'part.created', 'part', p.id, {
      partNumber: p.partNumber,
      nameZh: p.nameZh,
      category: p.category,
    });
    return { id: p.id };
  }

  async update(ctx: OrgContext, id: string, input: TUpdatePartRequest): Promise<TPartDetail> {
    const { version, suppliers, ...fields } = input;
    await this.write(input.partNumber ?? '', async (tx) => {
      const before = await this.repo.find(tx, ctx.organizationId, id);
      if (!before) throw InventoryErrors.partNotFound();
      if (fields.compatibleModelIds) await this.checkModels(tx, ctx, fields.compatibleModelIds);
      if (!(await this.repo.updateIf(tx, ctx.organizationId, id, version, fields)))
        throw versionConflict(await this.get(ctx, id));
      if (suppliers) await this.repo.replaceSuppliers(tx, ctx.organizationId, id, this.suppliers(ctx, suppliers));
      const after = (await this.repo.find(tx, ctx.organizationId, id))!;
      await this.audit.record(tx, ctx, 'part.updated', 'part', id, {
        ...diff(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>),
        ...(suppliers ? { suppliersReplaced: suppliers.length } : {}),
      });
    });
    return this.get(ctx, id);
  }

  /** Runs a catalog write; the unique indexes answer "taken" (part number or barcode), never a 500. */
  private async write<T>(partNumber: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.repo.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err)) throw partUniqueViolation(err, partNumber);
      throw err;
    }
  }

  /** the platform's models and the org's own; another org's → 404 */
  private async checkModels(tx: Tx, ctx: OrgContext, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await this.repo.visibleModelIds(tx, ctx.organizationId, ids);
    const missing = ids.filter((id) => !found.includes(id));
    if (missing.length > 0) throw InventoryErrors.modelNotFound(missing);
  }

  private suppliers(ctx: OrgContext, list: readonly TPartSupplierInput[]): SupplierRow[] {
    return list.map((s) => ({
      organizationId: ctx.organizationId,
      name: s.name,
      supplierPartNumber: s.supplierPartNumber ?? null,
      priceMinor: BigInt(s.priceMinor),
      leadTimeDays: s.leadTimeDays,
      preferred: s.preferred ?? false,
    }));
  }
}

/** The unique index a catalog write hit: the barcode's or the part number's (both per org). */
export function partUniqueViolation(err: unknown, partNumber: string) {
  const target = JSON.stringify((err as { meta?: unknown }).meta ?? '') + String(err);
  return target.includes('barcode') ? InventoryErrors.barcodeTaken() : InventoryErrors.partNumberTaken(partNumber);
}
