import type { TCostDocumentStatus } from '@amms/contracts/costs';
import { AppError } from '../platform/errors/app-error.js';

export const CostErrors = {
  documentNotFound: () => new AppError('NOT_FOUND', 'Cost document not found'),
  /** a linked asset / job / work order that is missing or another org's: same answer, naming the field */
  referenceNotFound: (field: 'assetId' | 'jobId' | 'workOrderId') =>
    new AppError('NOT_FOUND', `${{ assetId: 'Asset', jobId: 'Job', workOrderId: 'Work order' }[field]} not found`, {
      field,
    }),
  invalidTransition: (from: TCostDocumentStatus, to: TCostDocumentStatus) =>
    new AppError('INVALID_TRANSITION', `A cost document cannot go from ${from} to ${to}`, { from, to }),
  /** edits and deletes are for drafts; a rejected document is reopened first */
  notEditable: (status: TCostDocumentStatus) =>
    new AppError('CONFLICT', `Only a DRAFT cost document can be changed or deleted; this one is ${status}`, {
      status,
      editableIn: ['DRAFT'],
    }),
  emptyDocument: () => new AppError('EMPTY_DOCUMENT', 'A cost document needs at least one line to be submitted'),
  selfApproval: () =>
    new AppError('SELF_APPROVAL', 'You cannot approve or reject a cost document you created or submitted'),
};
