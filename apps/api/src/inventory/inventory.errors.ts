import { AppError } from '../platform/errors/app-error.js';

/** Where else a part is available: named in INSUFFICIENT_STOCK. */
export interface Elsewhere {
  locationId: string;
  locationName: string;
  available: number;
}

export const InventoryErrors = {
  partNotFound: () => new AppError('NOT_FOUND', 'Part not found', { field: 'partId' }),
  locationNotFound: (field = 'locationId') => new AppError('NOT_FOUND', 'Stock location not found', { field }),
  countNotFound: () => new AppError('NOT_FOUND', 'Stock count not found'),
  writeOffNotFound: () => new AppError('NOT_FOUND', 'Write-off not found'),
  workOrderNotFound: () => new AppError('NOT_FOUND', 'Work order not found', { field: 'workOrderId' }),
  teamNotFound: () => new AppError('NOT_FOUND', 'Team not found', { field: 'teamId' }),
  modelNotFound: (ids: string[]) =>
    new AppError('NOT_FOUND', 'Machine model not found', { field: 'compatibleModelIds', ids }),
  insufficient: (
    partNumber: string,
    requested: number,
    available: number,
    locationName: string,
    elsewhere: Elsewhere[],
  ) =>
    new AppError(
      'INSUFFICIENT_STOCK',
      elsewhere.length > 0
        ? `Only ${available} of ${partNumber} available at ${locationName}; in stock at ${elsewhere
            .map((e) => `${e.locationName} (${e.available})`)
            .join(', ')}`
        : `Only ${available} of ${partNumber} available at ${locationName}, and none elsewhere`,
      { partNumber, requested, available, location: locationName, elsewhere },
    ),
  notWhole: (unit: string) =>
    new AppError('QUANTITY_NOT_WHOLE', `This part is counted in pieces (${unit}): give a whole number`, {
      field: 'quantity',
    }),
  partNumberTaken: (partNumber: string) =>
    new AppError('PART_NUMBER_TAKEN', `Part number ${partNumber} already exists`, { field: 'partNumber' }),
  barcodeTaken: () =>
    new AppError('BARCODE_TAKEN', 'This barcode already belongs to another part', { field: 'barcode' }),
  barcodeAmbiguous: (partIds: string[]) =>
    new AppError('BARCODE_AMBIGUOUS', 'This barcode matches more than one part', { partIds }),
  sameLocation: () => new AppError('SAME_LOCATION', 'A transfer goes to another location', { field: 'toLocationId' }),
  workOrderClosed: (status: string) =>
    new AppError('WORK_ORDER_CLOSED', `The work order is ${status}: its parts can no longer change`, { status }),
  locationNameTaken: () =>
    new AppError('STOCK_LOCATION_NAME_TAKEN', 'A location with this name already exists', { field: 'name' }),
  countConfirmed: () => new AppError('STOCK_COUNT_CONFIRMED', 'This stock count is already confirmed'),
  missingField: (field: string, why: string) =>
    new AppError('VALIDATION_FAILED', why, [{ path: field, message: why, code: 'custom' }]),
  returnExceedsIssued: (issued: number) =>
    new AppError('CONFLICT', `Only ${issued} issued to this work order can come back`, { issued }),
  unreserveExceedsOpen: (open: number) => new AppError('CONFLICT', `Only ${open} is still reserved`, { open }),
  notYourWorkOrder: () =>
    new AppError('FORBIDDEN', 'Only the assigned mechanic or a store keeper moves parts for this work order'),
  missingRight: (permission: string) => new AppError('FORBIDDEN', `This movement needs ${permission}`, { permission }),
  adjustNeeded: () => new AppError('FORBIDDEN', 'Adjustments and write-offs need inventory.adjust'),
  selfApproval: () => new AppError('SELF_APPROVAL', 'A second person approves a write-off you asked for'),
  writeOffDecided: (status: string) =>
    new AppError('INVALID_TRANSITION', `The write-off is already ${status}`, { status }),
};
