import { OPERATION_TYPES } from '@amms/contracts/assets';
import type { TAnalyticsFuel, TFuelFigures } from '@amms/contracts/analytics';
import type { FuelRow } from './analytics.rows.js';
import { fuelRate, hectaresOf, round } from './formulas.js';

/** Sums rows into one set of fuel figures: litres ÷ hectares and ÷ hours of the jobs that recorded fuel. */
export function fuelFigures(rows: readonly FuelRow[]): TFuelFigures {
  let jobs = 0;
  let telematicsJobs = 0;
  let centiLitres = 0n;
  let areaM2 = 0n;
  let centiHours = 0n;
  for (const r of rows) {
    jobs += r.jobs;
    telematicsJobs += r.telematicsJobs;
    centiLitres += BigInt(r.centiLitres);
    areaM2 += BigInt(r.areaM2);
    centiHours += BigInt(r.centiHours);
  }
  const litres = Number(centiLitres) / 100;
  const hectares = hectaresOf(Number(areaM2));
  const hours = Number(centiHours) / 100;
  return {
    jobs,
    telematicsJobs,
    litres: round(litres, 2),
    hectares: round(hectares, 4),
    hours: round(hours, 2),
    litresPerHectare: fuelRate(litres, hectares),
    litresPerHour: fuelRate(litres, hours),
  };
}

/** The fuel figures of the period: totals, per operation type (ADAPT order), per primary machine (most litres first). */
export function fuelAnalytics(rows: readonly FuelRow[]): Omit<TAnalyticsFuel, 'period'> {
  const byOperation = OPERATION_TYPES.flatMap((t) => {
    const mine = rows.filter((r) => r.operationType === t);
    return mine.length > 0 ? [{ operationType: t, ...fuelFigures(mine) }] : [];
  });
  const machines = new Map<string, FuelRow[]>();
  for (const r of rows) if (r.assetId) machines.set(r.assetId, [...(machines.get(r.assetId) ?? []), r]);
  const byMachine = [...machines]
    .map(([assetId, mine]) => ({ assetId, name: mine[0]!.name ?? assetId, ...fuelFigures(mine) }))
    .sort((a, b) => b.litres - a.litres || a.name.localeCompare(b.name));
  return { totals: fuelFigures(rows), byOperation, byMachine };
}
