import type { TAnalyticsOverview } from '@amms/contracts/analytics';
import { fleetFiguresOf, h2, r4, toPeriod } from './analytics.figures.js';
import type { OverviewParts } from './analytics.overview-parts.js';
import {
  costPerHectareMinor,
  costPerHourMinor,
  hectaresOf,
  inherentAvailability,
  mtbf,
  mttr,
  operationalAvailability,
  ratio,
  round,
  roundOrNull,
  utilization,
} from './formulas.js';
import type { Period } from './period.js';

/** The overview from its rows (however they were read); open downtime runs to `now`. */
export function overviewOf(parts: OverviewParts, period: Period, now: Date): TAnalyticsOverview {
  const fleet = fleetFiguresOf(parts, period, now);
  const byStatus = { ACTIVE: 0, IN_MAINTENANCE: 0, RETIRED: 0 };
  for (const s of parts.statuses) byStatus[s.status] = s.n;
  const jobCounts = { PLANNED: 0, SCHEDULED: 0, IN_PROGRESS: 0, COMPLETED: 0, CANCELLED: 0 };
  for (const j of parts.jobs) if (j.status in jobCounts) jobCounts[j.status as keyof typeof jobCounts] = j.n;
  const areaM2 = parts.operations.reduce((s, o) => s + o.areaM2, 0n);
  const totalMinor = parts.costs.reduce((s, c) => s + c.totalMinor, 0n);
  const mtbfHours = mtbf(fleet.productiveHours, fleet.failures);
  const mttrHours = mttr(fleet.repairs);
  const { awaiting } = parts;
  return {
    period: toPeriod(period),
    fleet: { total: byStatus.ACTIVE + byStatus.IN_MAINTENANCE + byStatus.RETIRED, byStatus },
    jobs: jobCounts,
    hectares: round(hectaresOf(Number(areaM2)), 4),
    productiveHours: h2(fleet.productiveHours),
    engineHours: h2(Number(fleet.engineCentiHours) / 100),
    availableHours: h2(fleet.availableHours),
    utilization: r4(utilization(fleet.productiveHours, fleet.availableHours)),
    downtimeHours: h2(fleet.downtimeHours),
    failures: fleet.failures,
    mtbfHours: roundOrNull(mtbfHours, 2),
    mttrHours: roundOrNull(mttrHours, 2),
    inherentAvailability: r4(inherentAvailability(mtbfHours, mttrHours)),
    operationalAvailability: r4(operationalAvailability(fleet.periodHours, fleet.machines.length, fleet.downtimeHours)),
    pmCompliance: { due: fleet.pmDue, onTime: fleet.pmOnTime, ratio: r4(ratio(fleet.pmOnTime, fleet.pmDue)) },
    costs: {
      totalMinor: totalMinor.toString(),
      costPerHectareMinor: costPerHectareMinor(totalMinor, areaM2)?.toString() ?? null,
      costPerEngineHourMinor: costPerHourMinor(totalMinor, fleet.engineCentiHours)?.toString() ?? null,
      awaitingApproval: { documents: awaiting.documents, totalMinor: awaiting.totalMinor.toString() },
    },
    workOrders: parts.backlog,
  };
}
