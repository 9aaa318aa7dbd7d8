'use client';

import { isApiError } from '@/lib/api-client';
import type { FieldMessages } from './messages';

export const METER_CODES = ['METER_BACKWARDS', 'METER_OUT_OF_ORDER', 'METER_IMPLAUSIBLE'];
export const isImplausible = (err: unknown) => isApiError(err) && err.code === 'METER_IMPLAUSIBLE';

export function focusField(id: string) {
  document.getElementById(id)?.focus();
}

export type Done = (text: string, tone: 'green' | 'blue') => void;

/** 409 (someone else moved the job, or our earlier attempt did get through): show the current state. */
export function useConflictNotice(onDone: Done, m: FieldMessages) {
  return (err: unknown) => {
    if (isApiError(err, 409)) onDone(m.job.stateChanged, 'blue');
  };
}
