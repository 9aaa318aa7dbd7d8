import { TELEMATICS_MAX_BATCH, type TTelematicsReadingInput } from '@amms/contracts/telematics';
import { AppError } from '../platform/errors/app-error.js';
import type { RowError } from './reading-rows.js';

export const TelematicsErrors = {
  batchTooLarge: (rows: number) =>
    new AppError(
      'TELEMATICS_BATCH_TOO_LARGE',
      `A batch carries at most ${TELEMATICS_MAX_BATCH} readings (this one has ${rows}): split it`,
      { maxRows: TELEMATICS_MAX_BATCH, rows },
    ),
  /** another org's machine, one outside the key's data scope and one that does not exist read alike */
  rowAssetNotFound: (row: TTelematicsReadingInput): RowError => ({
    code: 'ASSET_NOT_FOUND',
    message: row.assetId
      ? `No machine ${row.assetId} in this organization`
      : `No machine with serial number "${row.serialNumber}" in this organization`,
  }),
  rowSerialAmbiguous: (serialNumber: string, matches: number): RowError => ({
    code: 'SERIAL_NUMBER_AMBIGUOUS',
    message: `The serial number "${serialNumber}" matches ${matches} machines (they differ only in case or spaces): send assetId`,
  }),
  invalidWindow: (message: string) =>
    new AppError('VALIDATION_FAILED', message, [{ path: 'from', message, code: 'invalid_value' }]),
};
