import { AppError } from '../platform/errors/app-error.js';
import type { TAssetStatus, TMachineKind, TMeterImplausibleDetails } from '@amms/contracts/assets';

export const AssetErrors = {
  assetNotFound: () => new AppError('NOT_FOUND', 'Asset not found'),
  modelNotFound: () => new AppError('NOT_FOUND', 'Machine model not found', { field: 'modelId' }),
  teamNotFound: () => new AppError('NOT_FOUND', 'Team not found', { field: 'teamId' }),
  recognitionNotFound: () =>
    new AppError('NOT_FOUND', 'Photo recognition not found', { field: 'recognition.recognitionId' }),
  /** a TEAM-scoped writer may only put assets into their own teams; ASSIGNED writers none yet */
  outOfScope: () => new AppError('FORBIDDEN', 'The asset would be outside your data scope'),
  invalidTransition: (from: TAssetStatus, to: TAssetStatus) =>
    new AppError('INVALID_TRANSITION', `An asset cannot go from ${from} to ${to}`, { from, to }),
  /** back to ACTIVE by hand while a work order keeps the machine down would skip its acceptance */
  heldByWorkOrder: (wo: { id: string; number: number; status: string }) =>
    new AppError(
      'ASSET_HELD_BY_WORK_ORDER',
      `Work order #${wo.number} (${wo.status}) still holds this machine: it returns to service when that order is accepted or cancelled`,
      {
        workOrderId: wo.id,
        number: wo.number,
        status: wo.status,
      },
    ),
  serialTaken: (serialNumber: string) =>
    new AppError('SERIAL_NUMBER_TAKEN', `An asset with serial number "${serialNumber}" already exists`, {
      serialNumber,
    }),
  modelExists: (manufacturer: string, name: string) =>
    new AppError('MACHINE_MODEL_EXISTS', `The model "${manufacturer} ${name}" already exists`, { manufacturer, name }),
  /** an org route never edits the shared catalog, even for an org OWNER */
  platformModelReadOnly: () =>
    new AppError(
      'FORBIDDEN',
      'This is a platform catalog model: only platform admins can edit it (create a private model for your organization instead)',
    ),
  platformAdminOnly: () => new AppError('FORBIDDEN', 'Only platform admins manage the platform machine catalog'),
  platformModelNotFound: () => new AppError('NOT_FOUND', 'Platform machine model not found'),
  kindInUse: (from: TMachineKind, to: TMachineKind, liveAssets: number) =>
    new AppError(
      'CONFLICT',
      `The model's kind cannot change from ${from} to ${to} while live assets use it: their machine sets were built for ${from}`,
      {
        field: 'kind',
        from,
        to,
        liveAssets,
      },
    ),
  meterBackwards: (latestHours: number, readingHours: number) =>
    new AppError(
      'METER_BACKWARDS',
      'The reading is lower than the latest one; flag it as a meter replacement if the meter was changed',
      {
        latestHours,
        readingHours,
      },
    ),
  meterOutOfOrder: (latestReadAt: string) =>
    new AppError('METER_OUT_OF_ORDER', 'The reading is older than the latest one', { latestReadAt }),
  meterImplausible: (d: TMeterImplausibleDetails) =>
    new AppError(
      'METER_IMPLAUSIBLE',
      `The reading ${d.readingHours} h is more than the machine could have run since the latest reading (${d.latestHours} h at ${d.latestReadAt}; at most ${d.maxPlausibleHours} h). If the meter was replaced or the latest reading was wrong, confirm the jump`,
      d,
    ),
  readingNotFound: () => new AppError('NOT_FOUND', 'Meter reading not found'),
  readingAlreadyVoided: () => new AppError('CONFLICT', 'The reading is already voided'),
  readAtInFuture: () =>
    new AppError('VALIDATION_FAILED', 'readAt is in the future', [
      { path: 'readAt', message: 'must not be in the future', code: 'too_big' },
    ]),
};

export { isUniqueViolation } from '../platform/prisma/db-errors.js';
