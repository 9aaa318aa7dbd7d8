import type { MachineKind, OperationType } from '@amms/db';

/** What the fleet generator does with a model (not stored: the catalog row has kind + operation types). */
export type ModelRole = 'tractor' | 'combine' | 'forage' | 'sprayer_sp' | 'drone' | 'implement';

export interface CatalogModel {
  key: string;
  manufacturer: string;
  name: string;
  kind: MachineKind;
  operationTypes: OperationType[];
  workingWidthM: number | null;
  powerKw: number | null;
  role: ModelRole;
  /** list price new, CNY (purchase costs are drawn around it) */
  priceCny: number;
  /** planning output: field speed km/h and field efficiency (ha/h = width × speed × efficiency ÷ 10) */
  workingSpeedKmh: number | null;
  fieldEfficiency: number | null;
  /** planning output given directly (drones, trailers: no working width) */
  workRateHaPerHour: number | null;
  /** implement: the least tractor power it needs, kW */
  requiredPowerKw: number | null;
  /** power unit: the hitches it offers; implement: those it can use (CAT2, CAT3, CAT4 three-point; DRAWBAR) */
  hitchTypes: string[];
}
