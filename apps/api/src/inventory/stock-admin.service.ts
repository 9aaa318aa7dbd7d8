import { Injectable } from '@nestjs/common';
import type { StockCount, StockCountLine } from '@amms/db';
import type {
  TCreateStockCountRequest,
  TCreateStockLocationRequest,
  TInventorySettings,
  TStockCount,
  TStockLocation,
  TStockMovementResult,
  TWriteOffRequest,
} from '@amms/contracts/inventory';
import { AuditService } from '../audit/audit.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { canWriteTeam } from '../platform/access/data-scope.js';
import { stockLocationScope } from '../platform/access/stock-scope.js';
import { isUniqueViolation } from '../platform/prisma/db-errors.js';
import { AppError } from '../platform/errors/app-error.js';
import { InventoryErrors } from './inventory.errors.js';
import { toLocation, toWriteOff } from './inventory.mappers.js';
import { LedgerRepository } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';
import { locationOf, partOf, writeOffThreshold } from './lookups.repository.js';
import {
  claimCount,
  countLines,
  countWithLines,
  createCount,
  createLocation,
  decideWriteOff,
  findWriteOff,
  linkWriteOffMovement,
  listLocations,
  listWriteOffs,
  setLineExpected,
  setWriteOffThreshold,
  teamExists,
  writeOffById,
} from './stock-admin.repository.js';
import { milliNumber, milliText, toMilli } from './quantity.js';
import { StockMovementsService } from './stock-movements.service.js';

/** Locations, stock counts, write-off decisions and the inventory settings. */
@Injectable()
export class StockAdminService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly repo: LedgerRepository,
    private readonly movements: StockMovementsService,
    private readonly audit: AuditService,
  ) {}

  async locations(ctx: OrgContext): Promise<TStockLocation[]> {
    return this.ledger.transaction(async (tx) =>
      (await listLocations(tx, ctx.organizationId, stockLocationScope(ctx))).map(toLocation),
    );
  }

  async createLocation(ctx: OrgContext, input: TCreateStockLocationRequest): Promise<TStockLocation> {
    const teamId = input.teamId ?? null;
    // a TEAM-scoped keeper makes locations of their own teams only (or could not see them)
    if (!canWriteTeam(ctx, teamId)) {
      if (teamId === null) throw new AppError('FORBIDDEN', 'Your data scope lets you create team locations only');
      throw InventoryErrors.teamNotFound();
    }
    try {
      return await this.ledger.transaction(async (tx) => {
        if (teamId && !(await teamExists(tx, ctx.organizationId, teamId))) throw InventoryErrors.teamNotFound();
        const l = await createLocation(tx, {
          organizationId: ctx.organizationId,
          name: input.name,
          kind: input.kind,
          teamId,
        });
        await this.audit.record(tx, ctx, 'stock.location_created', 'stock_location', l.id, {
          name: l.name,
          kind: l.kind,
          teamId,
        });
        return toLocation(l);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw InventoryErrors.locationNameTaken();
      throw err;
    }
  }

  async createCount(ctx: OrgContext, input: TCreateStockCountRequest): Promise<TStockCount> {
    return this.ledger.transaction(async (tx) => {
      const location = await locationOf(tx, ctx, input.locationId);
      const seen = new Set<string>();
      for (const line of input.lines) {
        if (seen.has(line.partId)) throw InventoryErrors.missingField('lines', 'Each part is counted once per count');
        seen.add(line.partId);
        this.ledger.checkQuantity(await partOf(tx, ctx, line.partId), toMilli(line.counted));
      }
      const c = await createCount(
        tx,
        {
          organizationId: ctx.organizationId,
          locationId: location.id,
          note: input.note ?? null,
          createdByUserId: ctx.actorUserId,
        },
        input.lines.map((l) => ({ partId: l.partId, counted: milliText(toMilli(l.counted)) })),
      );
      await this.audit.record(tx, ctx, 'stock.count_created', 'stock_count', c.id, {
        locationId: location.id,
        lines: input.lines.length,
      });
      return toCount((await countWithLines(tx, ctx.organizationId, c.id))!);
    });
  }

  /** Each counted line's difference to on hand becomes an ADJUSTMENT, all in one transaction. */
  async confirmCount(ctx: OrgContext, id: string): Promise<TStockCount> {
    return this.ledger.transaction(async (tx) => {
      const c = await countWithLines(tx, ctx.organizationId, id);
      if (!c) throw InventoryErrors.countNotFound();
      const location = await locationOf(tx, ctx, c.locationId).catch(() => {
        throw InventoryErrors.countNotFound();
      });
      const claimed = await claimCount(tx, id, ctx.actorUserId);
      if (!claimed) throw InventoryErrors.countConfirmed();
      const lines = await countLines(tx, id);
      const at = new Date();
      for (const line of lines) {
        const part = await partOf(tx, ctx, line.partId);
        const b = await this.repo.lockBalance(tx, ctx.organizationId, part.id, location.id);
        const diff = toMilli(line.counted) - b.onHand;
        await setLineExpected(tx, line.id, milliText(b.onHand));
        if (diff === 0n) continue;
        const leg = {
          type: 'ADJUSTMENT' as const,
          part,
          location,
          occurredAt: at,
          countId: id,
          reason: `stock count ${id.slice(0, 8)}`,
        };
        const m =
          diff > 0n
            ? await this.ledger.putIn(tx, ctx, { ...leg, milli: diff }, b.avgCostMinor)
            : await this.ledger.takeOut(tx, ctx, { ...leg, milli: -diff, limit: 'onHand' });
        await this.movements.posted(tx, ctx, m);
      }
      await this.audit.record(tx, ctx, 'stock.count_confirmed', 'stock_count', id, { lines: lines.length });
      return toCount((await countWithLines(tx, ctx.organizationId, id))!);
    });
  }

  async getCount(ctx: OrgContext, id: string): Promise<TStockCount> {
    return this.ledger.transaction(async (tx) => {
      const c = await countWithLines(tx, ctx.organizationId, id, stockLocationScope(ctx));
      if (!c) throw InventoryErrors.countNotFound();
      return toCount(c);
    });
  }

  async writeOffs(ctx: OrgContext): Promise<TWriteOffRequest[]> {
    return this.ledger.transaction(async (tx) => (await listWriteOffs(tx, ctx.organizationId)).map(toWriteOff));
  }

  /** The second person's decision on a write-off over the threshold; approval posts it (the stock must still be there). */
  async decideWriteOff(
    ctx: OrgContext,
    id: string,
    approve: boolean,
  ): Promise<TStockMovementResult | TWriteOffRequest> {
    return this.ledger.transaction(async (tx) => {
      const w = await findWriteOff(tx, ctx.organizationId, id);
      if (!w) throw InventoryErrors.writeOffNotFound();
      const location = await locationOf(tx, ctx, w.locationId).catch(() => {
        throw InventoryErrors.writeOffNotFound();
      });
      if (w.requestedByUserId !== null && w.requestedByUserId === ctx.actorUserId) throw InventoryErrors.selfApproval();
      const claimed = await decideWriteOff(tx, id, approve, ctx.actorUserId);
      if (!claimed) throw InventoryErrors.writeOffDecided(w.status);
      await this.audit.record(
        tx,
        ctx,
        approve ? 'stock.write_off_approved' : 'stock.write_off_rejected',
        'stock_write_off',
        id,
        {
          valueMinor: w.valueMinor.toString(),
        },
      );
      if (!approve) return toWriteOff(await writeOffById(tx, id));
      const part = await partOf(tx, ctx, w.partId);
      const m = await this.ledger.takeOut(tx, ctx, {
        type: 'WRITE_OFF',
        part,
        location,
        milli: toMilli(w.quantity),
        occurredAt: new Date(),
        reason: w.reason,
        limit: 'onHand',
      });
      await linkWriteOffMovement(tx, id, m.id);
      return this.movements.posted(tx, ctx, m);
    });
  }

  async settings(ctx: OrgContext): Promise<TInventorySettings> {
    const value = await this.ledger.transaction((tx) => writeOffThreshold(tx, ctx.organizationId));
    return { writeOffApprovalMinor: value?.toString() ?? null };
  }

  async updateSettings(ctx: OrgContext, input: TInventorySettings): Promise<TInventorySettings> {
    return this.ledger.transaction(async (tx) => {
      const before = await writeOffThreshold(tx, ctx.organizationId);
      const value = input.writeOffApprovalMinor === null ? null : BigInt(input.writeOffApprovalMinor);
      await setWriteOffThreshold(tx, ctx.organizationId, value);
      await this.audit.record(tx, ctx, 'inventory.settings_changed', 'organization', ctx.organizationId, {
        before: { writeOffApprovalMinor: before?.toString() ?? null },
        after: { writeOffApprovalMinor: input.writeOffApprovalMinor },
      });
      return { writeOffApprovalMinor: input.writeOffApprovalMinor };
    });
  }
}

function toCount(c: StockCount & { lines: StockCountLine[] }): TStockCount {
  return {
    id: c.id,
    locationId: c.locationId,
    status: c.status,
    note: c.note,
    confirmedAt: c.confirmedAt?.toISOString() ?? null,
    lines: c.lines.map((l) => {
      const counted = toMilli(l.counted);
      const expected = l.expected === null ? null : toMilli(l.expected);
      return {
        partId: l.partId,
        counted: milliNumber(counted),
        expected: expected === null ? null : milliNumber(expected),
        difference: expected === null ? null : milliNumber(counted - expected),
      };
    }),
    createdAt: c.createdAt.toISOString(),
  };
}
