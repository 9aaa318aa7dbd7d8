import { Injectable } from '@nestjs/common';
import type { TPartMovement, TPartMovementsQuery, TPartMovementsResponse } from '@amms/contracts/inventory';
import type { OrgContext } from '../platform/access/context.js';
import { workOrderReadScope } from '../platform/access/maintenance-scope.js';
import { stockLocationScope } from '../platform/access/stock-scope.js';
import { AppError } from '../platform/errors/app-error.js';
import { decodeCursor, encodeCursor } from '../platform/http/cursor.js';
import { locationOf, partOf, visibleLocationIds } from './lookups.repository.js';
import { PartHistoryRepository, type HistoryRow } from './part-history.repository.js';
import { milliNumber, toMilli } from './quantity.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor: the last row's occurredAt and id (`2026-…Z|uuid`); anything else is the client's 400. */
function readCursor(cursor: string): { occurredAt: Date; id: string } {
  const [at, id, ...rest] = decodeCursor(cursor).split('|');
  const occurredAt = new Date(at ?? '');
  if (rest.length > 0 || !id || !UUID.test(id) || Number.isNaN(occurredAt.getTime()))
    throw new AppError('VALIDATION_FAILED', 'Invalid cursor', [
      { path: 'cursor', message: 'not a cursor this list returned', code: 'invalid_format' },
    ]);
  return { occurredAt, id };
}

/**
 * A part's stock history: every movement of the part at the locations the caller sees (receipts,
 * issues, returns, transfers, adjustments, write-offs), newest first, with who made it and the
 * work order it went to (linked when the caller may read that order). Another org's part → 404.
 */
@Injectable()
export class PartHistoryService {
  constructor(private readonly repo: PartHistoryRepository) {}

  async list(ctx: OrgContext, partId: string, q: TPartMovementsQuery): Promise<TPartMovementsResponse> {
    const db = this.repo.db;
    await partOf(db, ctx, partId);
    if (q.locationId) await locationOf(db, ctx, q.locationId);
    const before = q.cursor ? readCursor(q.cursor) : undefined;
    const visible = q.locationId ? [q.locationId] : await visibleLocationIds(db, ctx);
    if (visible && visible.length === 0) return { items: [], nextCursor: null };
    const rows = await this.repo.page({
      organizationId: ctx.organizationId,
      partId,
      locationIds: visible,
      type: q.type,
      before,
      limit: q.limit + 1,
    });
    const page = rows.slice(0, q.limit);
    const [counters, orders] = await Promise.all([
      this.repo.locationNames(ctx.organizationId, ids(page, 'counterLocationId'), stockLocationScope(ctx)),
      this.repo.workOrders(ctx.organizationId, ids(page, 'workOrderId'), workOrderReadScope(ctx)),
    ]);
    const counterName = new Map(counters.map((l) => [l.id, l.name]));
    const order = new Map(orders.map((w) => [w.id, w]));
    const last = page[page.length - 1];
    return {
      items: page.map((r) => toHistory(r, counterName, order)),
      nextCursor: rows.length > q.limit && last ? encodeCursor(`${last.occurredAt.toISOString()}|${last.id}`) : null,
    };
  }
}

function ids(rows: readonly HistoryRow[], key: 'counterLocationId' | 'workOrderId'): string[] {
  return [...new Set(rows.map((r) => r[key]).filter((v): v is string => v !== null))];
}

function toHistory(
  r: HistoryRow,
  counterName: Map<string, string>,
  order: Map<string, { id: string; number: number; title: string }>,
): TPartMovement {
  const wo = r.workOrderId ? order.get(r.workOrderId) : undefined;
  return {
    id: r.id,
    type: r.type,
    partId: r.partId,
    locationId: r.locationId,
    locationName: r.locationName,
    counterLocationId: r.counterLocationId,
    counterLocationName: r.counterLocationId ? (counterName.get(r.counterLocationId) ?? null) : null,
    transferId: r.transferId,
    delta: milliNumber(toMilli(r.delta)),
    unitCostMinor: BigInt(r.unitCostMinor).toString(),
    valueMinor: BigInt(r.valueMinor).toString(),
    workOrderId: r.workOrderId,
    workOrder: wo ? { id: wo.id, number: wo.number, title: wo.title } : null,
    reason: r.reason,
    actorUserId: r.actorUserId,
    actor: r.actorUserId && r.actorName !== null ? { userId: r.actorUserId, name: r.actorName } : null,
    occurredAt: r.occurredAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  };
}
