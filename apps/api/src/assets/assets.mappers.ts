import type { Asset, MachineModel, MeterReading } from '@amms/db';
import { roadSpeedOf } from './road-speed.js';
import { catalogRate } from './machine-output.js';
import type { TAsset, TMachineModel, TMeterReading } from '@amms/contracts/assets';

/** Decimal columns leave the API as numbers with the column's fixed precision. */
const fixed = (d: { toFixed(n: number): string }, digits: number) => Number(d.toFixed(digits));

export function toMachineModel(m: MachineModel): TMachineModel {
  return {
    id: m.id,
    organizationId: m.organizationId,
    manufacturer: m.manufacturer,
    name: m.name,
    kind: m.kind,
    operationTypes: m.operationTypes,
    workingWidthM: m.workingWidthM === null ? null : fixed(m.workingWidthM, 2),
    powerKw: m.powerKw,
    roadSpeedKmh: m.roadSpeedKmh,
    effectiveRoadSpeedKmh: roadSpeedOf(m),
    planning: {
      workingSpeedKmh: m.workingSpeedKmh === null ? null : fixed(m.workingSpeedKmh, 1),
      fieldEfficiency: m.fieldEfficiency === null ? null : fixed(m.fieldEfficiency, 2),
      workRateHaPerHour: m.workRateHaPerHour === null ? null : fixed(m.workRateHaPerHour, 2),
      requiredPowerKw: m.requiredPowerKw,
      hitchTypes: m.hitchTypes,
      requiredQualifications: m.requiredQualifications,
      outputHaPerHour: catalogRate(m),
    },
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

export function toAsset(a: Asset): TAsset {
  return {
    id: a.id,
    modelId: a.modelId,
    teamId: a.teamId,
    name: a.name,
    serialNumber: a.serialNumber,
    plateNumber: a.plateNumber,
    purchaseDate: a.purchaseDate ? a.purchaseDate.toISOString().slice(0, 10) : null,
    // BigInt → string: money never travels as a JSON number
    purchaseCostMinor: a.purchaseCostMinor === null ? null : a.purchaseCostMinor.toString(),
    status: a.status,
    recognition: a.recognitionId
      ? {
          recognitionId: a.recognitionId,
          modelVersion: a.recognitionModelVersion,
          confidence: a.recognitionConfidence === null ? null : fixed(a.recognitionConfidence, 3),
        }
      : null,
    version: a.version,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export function toMeterReading(r: MeterReading): TMeterReading {
  return {
    id: r.id,
    assetId: r.assetId,
    readingHours: fixed(r.readingHours, 1),
    readAt: r.readAt.toISOString(),
    source: r.source,
    isReplacement: r.isReplacement,
    jumpConfirmed: r.jumpConfirmed,
    recordedByUserId: r.recordedByUserId,
    createdAt: r.createdAt.toISOString(),
    voidedAt: r.voidedAt ? r.voidedAt.toISOString() : null,
    voidedByUserId: r.voidedByUserId,
    voidReason: r.voidReason,
  };
}

/** Engine hours in tenths, so comparisons are exact integers rather than floats. */
export const tenths = (hours: number) => Math.round(hours * 10);

/** `YYYY-MM-DD` → the Date Prisma stores in a DATE column (UTC midnight). */
export const calendarDate = (d: string) => new Date(`${d}T00:00:00.000Z`);

/** A machine's last reported position (AssetLastPosition row) as the API shows it. */
export const toLastPosition = (p: { latitude: number; longitude: number; at: Date } | null) =>
  p ? { latitude: p.latitude, longitude: p.longitude, at: p.at.toISOString() } : null;
