import { z } from 'zod';
import { ZMoneyMinor } from './common.js';

/** The workshop's settings: the default labour rate copied onto each new work order. */
export const ZMaintenanceSettings = z.object({
  /** CNY fen per hour; null: no default (labour cost entered per order) */
  laborRateMinor: ZMoneyMinor.nullable(),
});
export type TMaintenanceSettings = z.infer<typeof ZMaintenanceSettings>;

export const ZUpdateMaintenanceSettingsRequest = z.strictObject({ laborRateMinor: ZMoneyMinor.nullable() });
export type TUpdateMaintenanceSettingsRequest = z.infer<typeof ZUpdateMaintenanceSettingsRequest>;

/**
 * `POST /work-orders/:id/cost-document`: a DRAFT cost document (category REPAIR) linked to the
 * order and its machine, one line per part and one for the labour (hours × rate). It then goes
 * through approval like any document, and counts in the cost analytics once approved.
 */
export const ZWorkOrderCostDocumentRequest = z
  .strictObject({
    /** language of the line texts the API writes ("维修工时" / "Repair labour") */
    locale: z.enum(['zh-CN', 'en']).optional(),
    /** YYYY-MM-DD; default: the acceptance date, else today (UTC) */
    documentDate: z.iso.date().optional(),
  })
  .nullish();
export type TWorkOrderCostDocumentRequest = z.infer<typeof ZWorkOrderCostDocumentRequest>;

/** round-half-up(hours × rate) in integer fen; hours carry at most 2 decimals. */
export function laborCostMinor(hours: number, rateMinor: bigint): bigint {
  const hundredths = BigInt(Math.round(hours * 100));
  return (hundredths * rateMinor + 50n) / 100n;
}
