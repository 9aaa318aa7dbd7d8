import { Injectable } from '@nestjs/common';
import type { TPurchaseLine } from '@amms/contracts/drafts';
import type { OrgContext } from '../platform/access/context.js';
import { stockLocationScope } from '../platform/access/stock-scope.js';
import type { PurchaseNeeds, PurchaseNeedsArgs } from '../planning/tools/purchase-needs.js';
import { purchaseLines, type PlanPart } from './purchase-plan.js';
import { PurchasesRepository } from './purchases.repository.js';
import { StockDemandService } from './stock-demand.service.js';
import { homeLocations, StockQueriesService } from './stock-queries.service.js';

/**
 * The agent's purchase hook answered from the stock (purchase-plan.ts decides): the balances of
 * the caller's locations, the demand of the due services within the horizon, what is already on
 * order, and each part's supplier (the preferred one, else the fastest).
 */
@Injectable()
export class PurchaseNeedsService implements PurchaseNeeds {
  constructor(
    private readonly repo: PurchasesRepository,
    private readonly stock: StockQueriesService,
    private readonly demand: StockDemandService,
  ) {}

  async lines(ctx: OrgContext, args: PurchaseNeedsArgs): Promise<TPurchaseLine[]> {
    const org = ctx.organizationId;
    const [rows, demand, locations] = await Promise.all([
      this.stock.rows(ctx, {}),
      this.demand.byPart(ctx, args.withinDays),
      this.repo.locations(org, stockLocationScope(ctx)),
    ]);
    const ids = [...new Set([...rows.map((r) => r.partId), ...demand.keys()])];
    const [parts, onOrder] = await Promise.all([this.repo.parts(org, ids), this.repo.onOrder(org, ids)]);
    const planParts = new Map<string, PlanPart>(
      parts
        .filter((p) => p.active)
        .map((p) => {
          const s = p.suppliers[0];
          return [
            p.id,
            {
              id: p.id,
              partNumber: p.partNumber,
              makerPartNumber: p.makerPartNumber,
              nameZh: p.nameZh,
              nameEn: p.nameEn,
              countedInPieces: p.countedInPieces,
              supplier: s ? { id: s.id, name: s.name, priceMinor: s.priceMinor } : null,
            },
          ];
        }),
    );
    return purchaseLines({
      language: args.language,
      parts: planParts,
      rows,
      home: homeLocations(rows),
      fallbackLocationId: locations[0]?.id ?? null,
      demand,
      onOrder,
    });
  }
}
