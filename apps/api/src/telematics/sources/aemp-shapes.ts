import { z } from 'zod';

/**
 * ISO 15143-3 (AEMP 2.0) answers in their JSON form. Makers differ in small ways (numbers as
 * strings after an XML → JSON conversion, a single element where an array is meant, missing
 * optional parts), so the schemas are tolerant in those and strict in what we rely on: the
 * header that identifies a unit, and a datetime on every value we keep.
 */
const num = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/),
  ])
  .transform(Number);
const str = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
const time = z.iso.datetime({ offset: true });
/** one element or a list of them → a list */
const many = <T extends z.ZodType>(t: T) =>
  z
    .union([z.array(t), t])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

export const ZAempLink = z.object({ rel: z.string(), href: z.string() });

export const ZAempHeader = z.object({
  OEMName: str.optional(),
  Model: str.optional(),
  EquipmentID: str.optional(),
  SerialNumber: str.optional(),
  PIN: str.optional(),
});

export const ZAempLocation = z.object({ datetime: time, Latitude: num, Longitude: num });
export const ZAempHours = z.object({ datetime: time, Hour: num });
export const ZAempFuelUsed = z.object({ datetime: time, FuelUnits: z.string().optional(), FuelConsumed: num });
export const ZAempFault = z.object({
  datetime: time,
  CodeIdentifier: str,
  CodeDescription: z.string().optional(),
  CodeSeverity: str.optional(),
  CodeSource: z.string().optional(),
});

/** A part of a unit's snapshot that is malformed is dropped (the rest of the unit still counts). */
const part = <T extends z.ZodType>(t: T) =>
  z
    .unknown()
    .optional()
    .transform((v) => {
      const r = t.safeParse(v);
      return r.success ? (r.data as z.output<T>) : undefined;
    });

export const ZAempEquipment = z.object({
  EquipmentHeader: ZAempHeader,
  Location: part(ZAempLocation),
  CumulativeOperatingHours: part(ZAempHours),
  FuelUsed: part(ZAempFuelUsed),
});
export type TAempEquipment = z.output<typeof ZAempEquipment>;

/** One page of `/Fleet/{page}`: an object with `Links` or `Equipment` (an empty fleet still has its links). */
export const ZAempFleetPage = z
  .looseObject({})
  .refine((o) => 'Links' in o || 'Equipment' in o, 'a fleet page has Links or Equipment')
  .pipe(
    z.object({
      Links: many(ZAempLink),
      Equipment: many(ZAempEquipment),
      snapshotTime: time.optional(),
      version: str.optional(),
    }),
  );
export type TAempFleetPage = z.output<typeof ZAempFleetPage>;

/** One page of a unit's time series (`/Fleet/Equipment/ID/{id}/{Series}/{from}/{to}/{page}`). */
export const ZAempSeriesPage = z.object({
  Links: many(ZAempLink),
  Location: many(ZAempLocation),
  CumulativeOperatingHours: many(ZAempHours),
  FuelUsed: many(ZAempFuelUsed),
  FaultCode: many(ZAempFault),
});
export type TAempSeriesPage = z.output<typeof ZAempSeriesPage>;

export const AEMP_SERIES = ['Locations', 'CumulativeOperatingHours', 'FuelUsed', 'FaultCodes'] as const;
export type AempSeries = (typeof AEMP_SERIES)[number];

/** Litres from a FuelUsed value (gallons are US gallons, as the makers' US endpoints send). */
export function litres(f: { FuelUnits?: string | undefined; FuelConsumed: number }): number | null {
  const unit = (f.FuelUnits ?? 'litre').toLowerCase();
  if (unit.startsWith('lit') || unit === 'l') return f.FuelConsumed;
  if (unit.startsWith('gal')) return f.FuelConsumed * 3.785411784;
  return null;
}

/** The key a unit is remembered by: its EquipmentID, else its PIN, else its serial number. */
export function unitKey(h: z.output<typeof ZAempHeader>): string | null {
  return h.EquipmentID || h.PIN || h.SerialNumber || null;
}

export const nextLink = (links: { rel: string; href: string }[]) =>
  links.find((l) => l.rel.toLowerCase() === 'next')?.href ?? null;
export const selfLink = (links: { rel: string; href: string }[]) =>
  links.find((l) => l.rel.toLowerCase() === 'self')?.href ?? null;
