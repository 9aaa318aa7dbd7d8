import { z } from 'zod';
import { ZMoneyMinor } from './common.js';
import { ZCountedQuantity, ZStockQuantity } from './inventory.js';

/**
 * One row of a stock import (`/imports/stock`): what is on hand of a part at a location, as a
 * count states it. The difference to the ledger's on hand becomes an ADJUSTMENT movement (none
 * when they agree, so an exported file imported again writes nothing). An increase is valued at
 * `unitCostMinor`, else at the location's moving average; the first stock of a part at a location
 * needs a unit cost. A reorder rule given with it is set too (empty cells leave the rule as it is).
 */
export const ZStockImportRow = z.object({
  partId: z.uuid(),
  locationId: z.uuid(),
  onHand: ZCountedQuantity,
  unitCostMinor: ZMoneyMinor.nullish(),
  reorderPoint: ZCountedQuantity.nullish(),
  reorderQty: ZStockQuantity.nullish(),
});
export type TStockImportRow = z.infer<typeof ZStockImportRow>;
