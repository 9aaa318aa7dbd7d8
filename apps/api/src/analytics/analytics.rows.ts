import type { AssetStatus, MachineKind } from '@amms/db';

/** The rows AnalyticsRepository reads (one statement each), before analytics.figures turns them into figures. */

export interface PeriodInstants {
  startsAt: Date;
  endsAt: Date;
}

export interface MachineRow {
  id: string;
  name: string;
  serialNumber: string;
  status: AssetStatus;
  teamId: string | null;
  kind: MachineKind;
}

export interface ProductiveRow {
  assetId: string;
  jobs: number;
  /** Σ actualHours × 100 (exact: the column has 2 decimals) */
  centiHours: bigint;
}

export interface FuelRow {
  operationType: string;
  /** the job's primary machine; null without one */
  assetId: string | null;
  name: string | null;
  jobs: number;
  telematicsJobs: number;
  centiLitres: bigint;
  areaM2: bigint;
  centiHours: bigint;
}

export interface OperationRow {
  operationType: string;
  jobs: number;
  areaM2: bigint;
  centiHours: bigint;
}

export interface DowntimeRow {
  assetId: string;
  start: Date;
  end: Date | null;
}

export interface RepairRow {
  assetId: string;
  startedAt: Date;
  acceptedAt: Date;
}

export interface PreventiveRow {
  assetId: string;
  status: string;
  plannedEnd: Date;
  acceptedAt: Date | null;
  intervalDays: number | null;
}

export interface CostGroupRow {
  key: string | null;
  label: string | null;
  documents: number;
  totalMinor: bigint;
}

export type CostGrouping = 'category' | 'machine' | 'month';

export interface StatusCount {
  status: string;
  n: number;
}

export interface AssetCount {
  assetId: string;
  n: number;
}

export interface Backlog {
  open: number;
  awaitingAcceptance: number;
}

export interface AwaitingCosts {
  documents: number;
  totalMinor: bigint;
}
