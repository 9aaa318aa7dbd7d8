import { z } from 'zod';
import { ZPart, ZPartCategory, ZStockRow } from '@amms/contracts/inventory';
import type { PartsService } from '../../inventory/parts.service.js';
import type { StockQueriesService } from '../../inventory/stock-queries.service.js';
import { bounded, defineTool, DEFAULT_ROWS, MAX_ROWS } from '../tool.js';

export interface InventoryToolDeps {
  parts: PartsService;
  stock: StockQueriesService;
}

const limit = z.number().int().min(1).max(MAX_ROWS).default(DEFAULT_ROWS).describe(`rows to return (1..${MAX_ROWS})`);

/**
 * The parts catalog and the stock (issue #29), through the inventory services: inventory.read, and
 * the key's data scope on stock locations (a team's van is only its team's).
 */
export function inventoryTools(d: InventoryToolDeps) {
  return [
    defineTool({
      name: 'search_parts',
      title: 'Search parts',
      description:
        "The org's parts catalog by text (our or the maker's part number, name, barcode), category or compatible machine model, with suppliers' prices and lead times.",
      input: z.strictObject({
        q: z.string().trim().min(1).max(100).optional().describe('part number, maker part number, name or barcode'),
        category: ZPartCategory.optional(),
        modelId: z.uuid().optional().describe('a machine model the part fits'),
        limit,
        cursor: z.string().min(1).max(100).optional().describe('nextCursor of the previous page'),
      }),
      permissions: ['inventory.read'],
      output: z.object({
        items: z.array(
          ZPart.pick({
            id: true,
            partNumber: true,
            makerPartNumber: true,
            maker: true,
            nameZh: true,
            nameEn: true,
            unit: true,
            category: true,
            suppliers: true,
          }),
        ),
        nextCursor: z.string().nullable(),
        truncated: z.boolean(),
      }),
      scope: 'data-scope',
      writes: 'nothing',
      async run(ctx, input) {
        const res = await d.parts.list(ctx, input);
        return {
          items: res.items.map((p) => ({
            id: p.id,
            partNumber: p.partNumber,
            makerPartNumber: p.makerPartNumber,
            maker: p.maker,
            nameZh: p.nameZh,
            nameEn: p.nameEn,
            unit: p.unit,
            category: p.category,
            suppliers: p.suppliers,
          })),
          nextCursor: res.nextCursor,
          truncated: res.nextCursor !== null,
        };
      },
    }),
    defineTool({
      name: 'stock_of',
      title: 'Stock of a part',
      description:
        'On hand, reserved (by open work orders) and available of a part per stock location the key can see, with the reorder rule; or all parts of one location.',
      input: z
        .strictObject({ partId: z.uuid().optional(), locationId: z.uuid().optional() })
        .refine((i) => i.partId || i.locationId, 'give partId, locationId or both'),
      permissions: ['inventory.read'],
      output: z.object({
        items: z.array(ZStockRow),
        available: z.number().nullable().describe('the part’s available quantity over the locations listed'),
        truncated: z.boolean(),
      }),
      scope: 'data-scope',
      writes: 'nothing',
      async run(ctx, input) {
        const rows = await d.stock.rows(ctx, input);
        const shown = bounded(rows, MAX_ROWS);
        const available = input.partId
          ? Number(rows.reduce((t, r) => t + Math.round(r.available * 1000), 0)) / 1000
          : null;
        return { items: shown.items, available, truncated: shown.truncated };
      },
    }),
  ];
}
