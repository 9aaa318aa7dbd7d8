import { AppError } from '../platform/errors/app-error.js';

export const PurchaseErrors = {
  notFound: () => new AppError('NOT_FOUND', 'Purchase not found'),
  lineNotFound: (lineId: string) =>
    new AppError('NOT_FOUND', 'Purchase line not found', { field: 'lines.lineId', lineId }),
  notReceivable: (status: string) =>
    new AppError(
      'PURCHASE_NOT_RECEIVABLE',
      `The purchase's cost document is ${status}: only a submitted or approved purchase is received`,
      { status },
    ),
  exceeds: (partNumber: string, outstanding: number) =>
    new AppError('RECEIPT_EXCEEDS_ORDER', `Only ${outstanding} of ${partNumber} are still to be received`, {
      partNumber,
      outstanding,
    }),
  nothingToReceive: () =>
    new AppError('RECEIPT_EXCEEDS_ORDER', 'Everything ordered has been received', { outstanding: 0 }),
};
