import type { Tx } from '../platform/prisma/prisma.service.js';

/**
 * The meter side of a push batch's engine hours, inside its transaction: the machines' latest
 * readings that count, the new TELEMATICS meter readings, and the telematics readings linked to
 * them or flagged. Each is one statement with the rows as one JSON parameter (or one string back).
 */

/**
 * The latest meter reading that counts (voided ones never do), per asset: one index probe per
 * machine (LATERAL … LIMIT 1 on (assetId, readAt DESC, createdAt DESC)), one string back. Prisma's
 * `distinct` read every reading of the machines and dropped all but one in JS: a cost that grew
 * with the history (1,000 machines reporting every few minutes add 1,000 readings a batch).
 */
export async function latestMeterReadings(
  tx: Tx,
  organizationId: string,
  assetIds: readonly string[],
): Promise<{ assetId: string; readingHours: string; readAt: Date }[]> {
  if (assetIds.length === 0) return [];
  const [out] = await tx.$queryRaw<{ latest: string }[]>`
    SELECT coalesce(string_agg(a.id::text || '|' || m."readingHours"::text || '|'
                               || (extract(epoch FROM m."readAt") * 1000)::bigint, ','), '') AS latest
    FROM jsonb_array_elements_text(${JSON.stringify(assetIds)}::jsonb) AS x(v)
    CROSS JOIN LATERAL (SELECT x.v::uuid AS id) a
    CROSS JOIN LATERAL (
      SELECT "readingHours", "readAt" FROM "MeterReading"
      WHERE "assetId" = a.id AND "organizationId" = ${organizationId}::uuid AND "voidedAt" IS NULL
      ORDER BY "readAt" DESC, "createdAt" DESC LIMIT 1) m`;
  return out!.latest === ''
    ? []
    : out!.latest.split(',').map((r) => {
        const [assetId, readingHours, at] = r.split('|') as [string, string, string];
        return { assetId, readingHours, readAt: new Date(Number(at)) };
      });
}

/** Meter readings from the terminal (source TELEMATICS): one JSON parameter, one statement. */
export async function createMeterReadings(
  tx: Tx,
  organizationId: string,
  rows: readonly {
    id: string;
    assetId: string;
    readingHours: string;
    readAt: Date;
    recordedByUserId: string | null;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  const payload = JSON.stringify(
    rows.map((r) => [r.id, r.assetId, r.readingHours, r.readAt.getTime(), r.recordedByUserId]),
  );
  await tx.$executeRaw`
    INSERT INTO "MeterReading" ("id", "organizationId", "assetId", "readingHours", "readAt", "source", "recordedByUserId")
    SELECT (e->>0)::uuid, ${organizationId}::uuid, (e->>1)::uuid, (e->>2)::numeric, to_timestamp((e->>3)::float8 / 1000),
           'TELEMATICS'::"MeterSource", (e->>4)::uuid
    FROM jsonb_array_elements(${payload}::jsonb) AS x(e)`;
}

/** Links accepted readings to their meter readings and flags the refused ones. */
export async function settleHourReadings(
  tx: Tx,
  organizationId: string,
  rows: readonly { id: string; meterReadingId: string | null; flagCode: string | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  const payload = JSON.stringify(rows.map((r) => [r.id, r.meterReadingId, r.flagCode]));
  await tx.$executeRaw`
    UPDATE "TelematicsReading" t SET "meterReadingId" = (e->>1)::uuid, "flagCode" = e->>2
    FROM jsonb_array_elements(${payload}::jsonb) AS x(e)
    WHERE t.id = (e->>0)::uuid AND t."organizationId" = ${organizationId}::uuid`;
}
