import type { TJobStatus } from '@amms/contracts/jobs';
import { AppError } from '../platform/errors/app-error.js';

export const JobErrors = {
  fieldNotFound: (field?: string) => new AppError('NOT_FOUND', 'Field not found', field ? { field } : undefined),
  jobNotFound: () => new AppError('NOT_FOUND', 'Job not found'),
  teamNotFound: () => new AppError('NOT_FOUND', 'Team not found', { field: 'teamId' }),
  assetNotFound: (field: string, assetId: string) => new AppError('NOT_FOUND', 'Machine not found', { field, assetId }),
  /** a TEAM-scoped writer may only put rows into their own teams */
  outOfScope: (what: 'field' | 'job') => new AppError('FORBIDDEN', `The ${what} would be outside your data scope`),
  fieldNameTaken: (name: string) =>
    new AppError('FIELD_NAME_TAKEN', `A field named "${name}" already exists`, { name }),
  fieldHasOpenJobs: (openJobs: number) =>
    new AppError('CONFLICT', 'The field has planned, scheduled or running jobs; complete or cancel them first', {
      openJobs,
    }),
  invalidTransition: (from: TJobStatus, to: TJobStatus) =>
    new AppError('INVALID_TRANSITION', `A job cannot go from ${from} to ${to}`, { from, to }),
  notEditable: (status: TJobStatus) =>
    new AppError('INVALID_TRANSITION', `A ${status} job cannot be edited; only PLANNED and SCHEDULED jobs can`, {
      from: status,
      to: status,
    }),
  invalidMachineSet: (reason: string, details: Record<string, unknown>) =>
    new AppError('INVALID_MACHINE_SET', reason, details),
  assetUnavailable: (assetId: string, status: string) =>
    new AppError('ASSET_UNAVAILABLE', `The machine is ${status} and cannot be assigned`, { assetId, status }),
  capabilityMismatch: (operationType: string, supported: readonly string[]) =>
    new AppError('CAPABILITY_MISMATCH', `The machine set cannot do ${operationType}`, { operationType, supported }),
  operatorNotEligible: (operatorMembershipId: string) =>
    new AppError('OPERATOR_NOT_ELIGIBLE', 'The operator must be an active member whose role may execute jobs', {
      operatorMembershipId,
    }),
  outsideWindow: (slot: { startsAt: Date; endsAt: Date }, window: { windowStart: Date; windowEnd: Date }) =>
    new AppError('OUTSIDE_JOB_WINDOW', "The assignment must lie inside the job's window", {
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      windowStart: window.windowStart.toISOString(),
      windowEnd: window.windowEnd.toISOString(),
    }),
  hoursInconsistent: (
    reason: 'exceeds_elapsed' | 'exceeds_meter',
    facts: { actualHours: number; elapsedHours: number | null; meterDeltaHours: number | null },
  ) =>
    new AppError(
      'JOB_HOURS_INCONSISTENT',
      reason === 'exceeds_elapsed'
        ? `${facts.actualHours} h worked do not fit in the ${facts.elapsedHours} h between the start and the completion; correct the hours or the start / completion time`
        : `${facts.actualHours} h worked are more than the machine's meter advanced (${facts.meterDeltaHours} h); correct the hours or the meter reading`,
      { reason, ...facts },
    ),
  invalid: (path: string, message: string) =>
    new AppError('VALIDATION_FAILED', 'Some fields are invalid', [{ path, message, code: 'custom' }]),
};
