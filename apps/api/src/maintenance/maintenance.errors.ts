import type { TWorkOrderStatus } from '@amms/contracts/maintenance';
import { AppError } from '../platform/errors/app-error.js';

const field = (path: string, message: string) => [{ path, message, code: 'custom' }];

export const MaintenanceErrors = {
  planNotFound: () => new AppError('NOT_FOUND', 'Maintenance plan not found'),
  /** writing cost fields needs maintenance.read (who may not read costs may not set them) */
  costsNotReadable: (fields: string[]) =>
    new AppError(
      'FORBIDDEN',
      `Writing ${fields.join(', ')} needs maintenance.read: you cannot set costs you cannot read`,
      { fields, permission: 'maintenance.read' },
    ),
  workOrderNotFound: () => new AppError('NOT_FOUND', 'Work order not found'),
  checklistItemNotFound: () => new AppError('NOT_FOUND', 'Checklist item not found'),
  checklistPartNotFound: () => new AppError('NOT_FOUND', 'Part not found', { field: 'checklist.parts.partId' }),
  assetNotFound: () => new AppError('NOT_FOUND', 'Asset not found', { field: 'assetId' }),
  modelNotFound: () => new AppError('NOT_FOUND', 'Machine model not found', { field: 'modelId' }),
  /** a model plan reaches every machine of the model in the org, so only ORG-scoped planners may write one */
  modelPlanOutOfScope: () =>
    new AppError('FORBIDDEN', 'A plan for a whole model reaches machines outside your data scope'),
  noInterval: () =>
    new AppError(
      'VALIDATION_FAILED',
      'A plan needs intervalHours, intervalDays or both',
      field('intervalHours', 'give intervalHours, intervalDays or both'),
    ),
  planNotApplicable: () =>
    new AppError(
      'VALIDATION_FAILED',
      'The plan does not apply to this asset',
      field('planId', 'not an active plan of this asset or its model'),
    ),
  assigneeNotEligible: () =>
    new AppError(
      'VALIDATION_FAILED',
      'The assignee must be an active member who can work on work orders',
      field('assigneeMembershipId', 'not an active member with workorder.work'),
    ),
  assetRetired: (assetId: string) =>
    new AppError('ASSET_UNAVAILABLE', 'The asset is retired', { assetId, status: 'RETIRED' }),
  invalidTransition: (from: TWorkOrderStatus, to: TWorkOrderStatus) =>
    new AppError('INVALID_TRANSITION', `A work order cannot go from ${from} to ${to}`, { from, to }),
  notEditable: (status: TWorkOrderStatus) =>
    new AppError('INVALID_TRANSITION', `A ${status} work order can no longer be changed`, { from: status }),
  checklistIncomplete: (pending: { id: string; label: string }[]) =>
    new AppError('CHECKLIST_INCOMPLETE', 'Every checklist item needs a result before submitting', { pending }),
  selfAcceptance: () => new AppError('SELF_ACCEPTANCE', 'The mechanic who did or submitted the work cannot accept it'),
  costTooLarge: () =>
    new AppError(
      'VALIDATION_FAILED',
      'The amount is too large',
      field('unitCostMinor', 'quantity × unit cost is too large'),
    ),
  /** with a labour rate the cost is hours × rate: a hand-entered cost would disagree with it */
  laborCostDerived: () =>
    new AppError(
      'VALIDATION_FAILED',
      'This order has a labour rate: its labour cost is hours × rate (set laborRateMinor to null to enter a cost by hand)',
      field('laborCostMinor', 'derived from laborHours × laborRateMinor'),
    ),
  /** parts: the assigned mechanic or a maintenance manager (workorder.accept) */
  notYourWorkOrder: () =>
    new AppError('FORBIDDEN', 'Only the assigned mechanic or a maintenance manager may enter parts on this order', {
      permission: 'workorder.accept',
    }),
  /** a cost document from an order: once its work is submitted (the figures are final) */
  costsNotFinal: (status: TWorkOrderStatus) =>
    new AppError('INVALID_TRANSITION', `A ${status} work order has no final costs to record yet`, { from: status }),
  costDocumentExists: (costDocumentId: string) =>
    new AppError('CONFLICT', 'A cost document already records this work order', { costDocumentId }),
};
