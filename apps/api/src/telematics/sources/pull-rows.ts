import type { TTelematicsReadingInput } from '@amms/contracts/telematics';
import { litres, type TAempEquipment, type TAempSeriesPage } from './aemp-shapes.js';

type Row = TTelematicsReadingInput;

/**
 * A unit's snapshot as push rows: each value at its own datetime (a maker stamps location, hours
 * and fuel separately), so each is idempotent on its own (asset, kind, at) like a pushed one.
 */
export function snapshotRows(assetId: string, e: TAempEquipment): Row[] {
  const rows: Row[] = [];
  if (e.Location) rows.push({ assetId, at: e.Location.datetime, lat: e.Location.Latitude, lon: e.Location.Longitude });
  if (e.CumulativeOperatingHours)
    rows.push({ assetId, at: e.CumulativeOperatingHours.datetime, engineHours: e.CumulativeOperatingHours.Hour });
  const l = e.FuelUsed ? litres(e.FuelUsed) : null;
  if (e.FuelUsed && l !== null) rows.push({ assetId, at: e.FuelUsed.datetime, fuelUsedL: l });
  return rows;
}

/** A unit's time-series pages as push rows (fault codes: one row per reported code and time). */
export function seriesRows(assetId: string, pages: TAempSeriesPage[]): Row[] {
  const rows: Row[] = [];
  for (const p of pages) {
    for (const x of p.Location) rows.push({ assetId, at: x.datetime, lat: x.Latitude, lon: x.Longitude });
    for (const x of p.CumulativeOperatingHours) rows.push({ assetId, at: x.datetime, engineHours: x.Hour });
    for (const x of p.FuelUsed) {
      const l = litres(x);
      if (l !== null) rows.push({ assetId, at: x.datetime, fuelUsedL: l });
    }
    const byTime = new Map<string, string[]>();
    for (const f of p.FaultCode) byTime.set(f.datetime, [...(byTime.get(f.datetime) ?? []), f.CodeIdentifier]);
    for (const [at, codes] of byTime) rows.push({ assetId, at, faultCodes: codes });
  }
  return rows;
}
