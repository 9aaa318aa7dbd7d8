import { Injectable } from '@nestjs/common';
import type { OrgContext } from '../platform/access/context.js';
import type { PartNeed, PartsAvailability } from '../planning/tools/parts-availability.js';
import { PartsRepository } from './parts.repository.js';
import { StockQueriesService } from './stock-queries.service.js';

/**
 * The agent's parts hook answered from the stock: a part the org's catalog knows by our or the
 * maker's number is at hand when what is available (on hand less open reservations) in the
 * locations the caller can see covers the need; a number no part (or two parts) carries, or a need
 * without a number, is "not known" (null), never "missing".
 */
@Injectable()
export class StockPartsAvailability implements PartsAvailability {
  constructor(
    private readonly parts: PartsRepository,
    private readonly stock: StockQueriesService,
  ) {}

  check(ctx: OrgContext, needs: readonly PartNeed[]): Promise<Array<boolean | null>> {
    return Promise.all(needs.map((n) => this.one(ctx, n)));
  }

  private async one(ctx: OrgContext, need: PartNeed): Promise<boolean | null> {
    const code = need.partNumber?.trim();
    if (!code) return null;
    const parts = (await this.parts.findByCode(ctx.organizationId, code)).filter(
      (p) => p.partNumber === code || p.makerPartNumber === code,
    );
    if (parts.length !== 1) return null;
    const rows = await this.stock.rows(ctx, { partId: parts[0]!.id });
    const available = rows.reduce((sum, r) => sum + r.available, 0);
    return available >= need.quantity;
  }
}
