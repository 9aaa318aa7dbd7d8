import type { Logger } from '@nestjs/common';
import type { TImportAssetResult, TUpdateAssetRequest } from '@amms/contracts/assets';
import type { z } from 'zod';
import { AppError } from '../platform/errors/app-error.js';
import { issuesToFields } from '../platform/http/validation.js';
import type { AssetData } from './assets.repository.js';
import { calendarDate } from './assets.mappers.js';

type ImportItemError = Extract<TImportAssetResult, { ok: false }>['error'];

/** The row changes of PATCH /assets/:id: only the fields the request carries. */
export function assetUpdateData(input: TUpdateAssetRequest): Partial<AssetData> {
  const data: Partial<AssetData> = {};
  if (input.modelId !== undefined) data.modelId = input.modelId;
  if (input.teamId !== undefined) data.teamId = input.teamId;
  if (input.name !== undefined) data.name = input.name;
  if (input.serialNumber !== undefined) data.serialNumber = input.serialNumber;
  if (input.plateNumber !== undefined) data.plateNumber = input.plateNumber;
  if (input.purchaseDate !== undefined)
    data.purchaseDate = input.purchaseDate === null ? null : calendarDate(input.purchaseDate);
  if (input.purchaseCostMinor !== undefined)
    data.purchaseCostMinor = input.purchaseCostMinor === null ? null : BigInt(input.purchaseCostMinor);
  if (input.status !== undefined) data.status = input.status;
  return data;
}

/** An import item that fails the create schema: a per-item VALIDATION_FAILED. */
export function invalidImportItem(issues: readonly z.core.$ZodIssue[]): ImportItemError {
  return { code: 'VALIDATION_FAILED', message: 'Some fields are invalid', details: issuesToFields(issues) };
}

/** An import item's failure as reported in the response; ours (not an AppError) is logged. */
export function importItemError(err: unknown, duplicateOfIndex: number | undefined, log: Logger): ImportItemError {
  if (err instanceof AppError) {
    const details = err.details ?? null;
    // a serial created earlier in this same batch: say which item has it
    if (
      err.code === 'SERIAL_NUMBER_TAKEN' &&
      duplicateOfIndex !== undefined &&
      details &&
      typeof details === 'object'
    ) {
      return {
        code: err.code,
        message: `${err.message} (item ${duplicateOfIndex} of this import)`,
        details: { ...details, duplicateOfIndex },
      };
    }
    return { code: err.code, message: err.message, details };
  }
  // our failure (database away…): this item is reported, the others still get their own try
  log.error(`asset import item failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return { code: 'INTERNAL', message: 'Internal error', details: null };
}
