import { Injectable, Logger } from '@nestjs/common';
import {
  canTransition,
  ZAssetDetail,
  ZCreateAssetRequest,
  ZListAssetsResponse,
  type TAsset,
  type TAssetDetail,
  type TCreateAssetRequest,
  type TImportAssetResult,
  type TImportAssetsResponse,
  type TListAssetsQuery,
  type TListAssetsResponse,
  type TUpdateAssetRequest,
} from '@amms/contracts/assets';
import type { Prisma } from '@amms/db';
import { AuditService } from '../audit/audit.service.js';
import { CacheService } from '../platform/cache/cache.service.js';
import { CACHE_TTL, CacheKeys } from '../platform/cache/cache-keys.js';
import type { CheckedJson } from '../platform/cache/checked-json.js';
import { versionConflict } from '../platform/errors/app-error.js';
import { keysetList, sortSpec } from '../platform/http/list-page.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { diff } from '../audit/changes.js';
import { AssetsRepository } from './assets.repository.js';
import { AssetErrors, isUniqueViolation } from './assets.errors.js';
import { calendarDate, toAsset, toLastPosition, toMachineModel, toMeterReading } from './assets.mappers.js';
import { WebhookEvents } from '../platform/outbox/webhook-events.js';
import { assetInvalidation, cacheableScope } from './assets.cache.js';
import { assetScope } from '../platform/access/asset-scope.js';
import { canWriteTeam } from '../platform/access/data-scope.js';
import { assetUpdateData, importItemError, invalidImportItem } from './assets.writes.js';

export { assetInvalidation } from './assets.cache.js';

const ASSET_SORT_FIELDS = sortSpec<Prisma.AssetWhereInput, Prisma.AssetOrderByWithRelationInput>({
  name: { type: 'string' },
  serialNumber: { type: 'string' },
  createdAt: { type: 'date' },
});

@Injectable()
export class AssetsService {
  private readonly log = new Logger('Assets');

  constructor(
    private readonly repo: AssetsRepository,
    private readonly audit: AuditService,
    private readonly cache: CacheService,
  ) {
    audit.registerReader('asset', (ctx, id) => this.getFromDb(ctx, id));
  }

  /** Read through the cache (key: org + data scope + normalized query); see platform/cache. */
  async list(ctx: OrgContext, q: TListAssetsQuery): Promise<TListAssetsResponse> {
    if (!cacheableScope(ctx)) return this.listFromDb(ctx, q);
    return this.cache.getOrLoad(CacheKeys.list(ctx.organizationId, 'asset', ctx, q), () => this.listFromDb(ctx, q), {
      ttlSeconds: CACHE_TTL.assetList,
    });
  }

  /** The route's answer: a cache hit is the stored bytes, checked against `ZListAssetsResponse` when stored. */
  listResponse(ctx: OrgContext, q: TListAssetsQuery): Promise<TListAssetsResponse | CheckedJson> {
    if (!cacheableScope(ctx)) return this.listFromDb(ctx, q);
    return this.cache.getOrLoadChecked(
      CacheKeys.list(ctx.organizationId, 'asset', ctx, q),
      () => this.listFromDb(ctx, q),
      {
        ttlSeconds: CACHE_TTL.assetList,
        schema: ZListAssetsResponse,
      },
    );
  }

  /** The route's answer for one asset (see listResponse). */
  getResponse(ctx: OrgContext, id: string): Promise<TAssetDetail | CheckedJson> {
    if (!cacheableScope(ctx)) return this.getFromDb(ctx, id);
    return this.cache.getOrLoadChecked(
      CacheKeys.detail(ctx.organizationId, 'asset', id, ctx),
      () => this.getFromDb(ctx, id),
      { ttlSeconds: CACHE_TTL.assetDetail, schema: ZAssetDetail },
    );
  }

  /** Read through the cache (one entry per asset and data scope). A 404 is never cached. */
  async get(ctx: OrgContext, id: string): Promise<TAssetDetail> {
    if (!cacheableScope(ctx)) return this.getFromDb(ctx, id);
    return this.cache.getOrLoad(CacheKeys.detail(ctx.organizationId, 'asset', id, ctx), () => this.getFromDb(ctx, id), {
      ttlSeconds: CACHE_TTL.assetDetail,
    });
  }

  /**
   * Machines for the agent's scheduler: every live, non-retired asset in the caller's scope with
   * its model's kind and operation types (read from Postgres, not the cache: status matters).
   */
  async machinesForPlanning(ctx: OrgContext, limit = 2000) {
    const rows = await this.repo.listAssetsWithModel(ctx.organizationId, assetScope(ctx), limit);
    return rows.map((a) => ({
      id: a.id,
      name: a.name,
      kind: a.model.kind,
      operationTypes: [...a.model.operationTypes],
      status: a.status,
      teamId: a.teamId,
    }));
  }

  private async listFromDb(ctx: OrgContext, q: TListAssetsQuery): Promise<TListAssetsResponse> {
    return keysetList(
      q,
      ASSET_SORT_FIELDS,
      (page) =>
        this.repo.listAssets(ctx.organizationId, {
          ...page,
          status: q.status,
          teamId: q.teamId,
          modelId: q.modelId,
          kind: q.kind,
          q: q.q,
          scope: assetScope(ctx),
        }),
      toAsset,
    );
  }

  /** uncached (the audit trail and webhook payloads read through it) */
  async getFromDb(ctx: OrgContext, id: string): Promise<TAssetDetail> {
    const a = await this.repo.findAssetByIdWithModel(undefined, ctx.organizationId, id, assetScope(ctx));
    if (!a) throw AssetErrors.assetNotFound();
    const [latest, position] = await Promise.all([
      this.repo.findLatestReading(undefined, ctx.organizationId, id),
      this.repo.findLastPosition(ctx.organizationId, id),
    ]);
    return {
      ...toAsset(a),
      model: toMachineModel(a.model),
      latestMeterReading: latest ? toMeterReading(latest) : null,
      lastPosition: toLastPosition(position),
    };
  }

  async create(ctx: OrgContext, input: TCreateAssetRequest): Promise<TAsset> {
    const created = await this.insert(ctx, input);
    // after the commit: invalidating earlier would let a concurrent read refill the old lists
    await this.cache.invalidate(ctx.organizationId, assetInvalidation());
    return created;
  }

  /**
   * Bulk import: each item goes through exactly the single-create path (scope rules, model and
   * team checks, serial uniqueness, audit), in its own transaction, one after the other, so
   * a failing item rolls back alone and never half-writes another, and a serial repeated inside
   * the batch hits the unique index like any other duplicate (the later item fails).
   * Items are validated one by one here (the request schema only bounds the array), so a
   * malformed item is a per-item VALIDATION_FAILED too. The lists are invalidated once at the end.
   */
  async importMany(ctx: OrgContext, items: readonly unknown[]): Promise<TImportAssetsResponse> {
    const results: TImportAssetResult[] = [];
    const createdBySerial = new Map<string, number>();
    for (const [index, raw] of items.entries()) {
      const parsed = ZCreateAssetRequest.safeParse(raw);
      if (!parsed.success) {
        results.push({ index, ok: false, error: invalidImportItem(parsed.error.issues) });
        continue;
      }
      try {
        const asset = await this.insert(ctx, parsed.data);
        createdBySerial.set(asset.serialNumber, index);
        results.push({ index, ok: true, asset });
      } catch (err) {
        results.push({
          index,
          ok: false,
          error: importItemError(err, createdBySerial.get(parsed.data.serialNumber), this.log),
        });
      }
    }
    const created = results.filter((r) => r.ok).length;
    if (created > 0) await this.cache.invalidate(ctx.organizationId, assetInvalidation());
    return { results, created, failed: results.length - created };
  }

  /** One asset, in one transaction with its audit event; no cache work (the callers do it). */
  private async insert(ctx: OrgContext, input: TCreateAssetRequest): Promise<TAsset> {
    try {
      return await this.repo.transaction((tx) => this.createIn(tx, ctx, input));
    } catch (err) {
      if (isUniqueViolation(err)) throw AssetErrors.serialTaken(input.serialNumber);
      throw err;
    }
  }

  /**
   * The single-create path inside the caller's transaction (scope, model and team checks, insert,
   * audit): POST /assets and the file import (integrations/import, all rows in one transaction).
   * A duplicate serial surfaces as the database's unique violation; no cache work here.
   */
  async createIn(tx: Tx, ctx: OrgContext, input: TCreateAssetRequest): Promise<TAsset> {
    const teamId = input.teamId ?? null;
    if (!canWriteTeam(ctx, teamId)) throw AssetErrors.outOfScope();
    await this.assertReferences(tx, ctx, input.modelId, teamId);
    const recognition = input.recognition
      ? await this.recognitionOf(tx, ctx, input.recognition.recognitionId, input.modelId)
      : {};
    const a = await this.repo.createAsset(tx, ctx.organizationId, {
      ...recognition,
      modelId: input.modelId,
      teamId,
      name: input.name,
      serialNumber: input.serialNumber,
      plateNumber: input.plateNumber ?? null,
      purchaseDate: input.purchaseDate ? calendarDate(input.purchaseDate) : null,
      purchaseCostMinor: input.purchaseCostMinor == null ? null : BigInt(input.purchaseCostMinor),
      status: 'ACTIVE',
    });
    const after = toAsset(a);
    const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...fields } = after;
    await this.audit.append(tx, this.audit.forCtx(ctx, 'asset.created', 'asset', a.id, { after: fields }));
    await WebhookEvents.emit(tx, ctx, 'asset.created', a.id);
    return after;
  }

  /**
   * The recognition the model was picked from: it must be this org's; the chosen model's
   * confidence is recorded when the service proposed it (null: the person searched by hand after
   * the photo), with the service's model version.
   */
  private async recognitionOf(tx: Tx, ctx: OrgContext, recognitionId: string, modelId: string) {
    const r = await this.repo.findRecognition(tx, ctx.organizationId, recognitionId);
    if (!r) throw AssetErrors.recognitionNotFound();
    const candidates = Array.isArray(r.candidates)
      ? (r.candidates as { machineModelId?: unknown; confidence?: unknown }[])
      : [];
    const chosen = candidates.find((c) => c.machineModelId === modelId);
    return {
      recognitionId: r.id,
      recognitionModelVersion: r.modelVersion,
      recognitionConfidence: typeof chosen?.confidence === 'number' ? chosen.confidence.toFixed(3) : null,
    };
  }

  async update(ctx: OrgContext, id: string, input: TUpdateAssetRequest): Promise<TAsset> {
    let updated: TAsset;
    try {
      updated = await this.repo.transaction(async (tx) => {
        // back to ACTIVE: under the machine's lock, which work-order transitions take too
        if (input.status === 'ACTIVE') await this.repo.lockAsset(tx, ctx.organizationId, id);
        const current = await this.repo.findAssetById(tx, ctx.organizationId, id, assetScope(ctx));
        if (!current) throw AssetErrors.assetNotFound();
        if (current.version !== input.version) throw versionConflict(toAsset(current));
        if (input.status && !canTransition(current.status, input.status))
          throw AssetErrors.invalidTransition(current.status, input.status);
        if (input.status === 'ACTIVE' && current.status !== 'ACTIVE') {
          // a machine a work order holds returns to service through that order's acceptance, not by hand
          const holder = await this.repo.findHoldingWorkOrder(tx, ctx.organizationId, id);
          if (holder) throw AssetErrors.heldByWorkOrder(holder);
        }
        if (input.teamId !== undefined && !canWriteTeam(ctx, input.teamId)) throw AssetErrors.outOfScope();
        if (input.modelId !== undefined || input.teamId)
          await this.assertReferences(tx, ctx, input.modelId, input.teamId ?? null);

        const data = assetUpdateData(input);

        const ok = await this.repo.updateAssetIfVersion(tx, ctx.organizationId, id, input.version, data);
        if (!ok) {
          const now = await this.repo.findAssetById(tx, ctx.organizationId, id, {});
          if (!now) throw AssetErrors.assetNotFound();
          throw versionConflict(toAsset(now));
        }
        const after = (await this.repo.findAssetById(tx, ctx.organizationId, id, {}))!;
        const event = after.status !== current.status ? 'asset.status_changed' : 'asset.updated';
        await this.audit.append(tx, this.audit.forCtx(ctx, event, 'asset', id, diff(toAsset(current), toAsset(after))));
        await WebhookEvents.emit(tx, ctx, event === 'asset.status_changed' ? 'asset.status_changed' : undefined, id);
        return toAsset(after);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw AssetErrors.serialTaken(input.serialNumber ?? '');
      throw err;
    }
    await this.cache.invalidate(ctx.organizationId, assetInvalidation(id));
    return updated;
  }

  async remove(ctx: OrgContext, id: string): Promise<void> {
    await this.repo.transaction(async (tx) => {
      const current = await this.repo.findAssetById(tx, ctx.organizationId, id, assetScope(ctx));
      if (!current) throw AssetErrors.assetNotFound();
      const ok = await this.repo.softDeleteAsset(tx, ctx.organizationId, id);
      if (!ok) throw AssetErrors.assetNotFound();
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'asset.deleted', 'asset', id, {
          before: { deleted: false, name: current.name, serialNumber: current.serialNumber, status: current.status },
          after: { deleted: true },
        }),
      );
    });
    await this.cache.invalidate(ctx.organizationId, assetInvalidation(id));
  }

  /**
   * Maintenance moves a machine between ACTIVE and IN_MAINTENANCE inside its own transaction
   * (work order started / accepted). The caller has authorized the work order; this checks
   * the asset's state (a RETIRED or deleted asset is left alone → false), bumps the version
   * and audits the change like any other status change. Returns whether the status changed.
   */
  async setMaintenanceStatus(
    tx: Tx,
    ctx: OrgContext,
    assetId: string,
    status: 'ACTIVE' | 'IN_MAINTENANCE',
  ): Promise<boolean> {
    const current = await this.repo.findAssetById(tx, ctx.organizationId, assetId, {});
    if (!current || current.status === 'RETIRED' || current.status === status) return false;
    const ok = await this.repo.updateAssetIfVersion(tx, ctx.organizationId, assetId, current.version, { status });
    if (!ok) throw versionConflict(toAsset(current));
    await this.audit.append(
      tx,
      this.audit.forCtx(ctx, 'asset.status_changed', 'asset', assetId, {
        before: { status: current.status },
        after: { status },
      }),
    );
    await WebhookEvents.emit(tx, ctx, 'asset.status_changed', assetId);
    // inside the caller's transaction: queued with it (outbox), applied by the worker after commit
    await this.cache.invalidateInTx(tx, ctx.organizationId, assetInvalidation(assetId));
    return true;
  }

  /** Another org's model or team is a 404, like a missing one. */
  private async assertReferences(
    tx: Tx,
    ctx: OrgContext,
    modelId: string | undefined,
    teamId: string | null,
  ): Promise<void> {
    if (modelId && !(await this.repo.findVisibleModel(tx, ctx.organizationId, modelId)))
      throw AssetErrors.modelNotFound();
    if (teamId && !(await this.repo.teamExists(tx, ctx.organizationId, teamId))) throw AssetErrors.teamNotFound();
  }
}
