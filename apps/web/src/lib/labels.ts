import type { TAssetStatus } from '@amms/contracts/assets';
import { ENUM_WORDS } from '@amms/contracts/enum-labels';
import type { TCostDocumentStatus } from '@amms/contracts/costs';
import type { TJobStatus } from '@amms/contracts/jobs';
import type { TDueStatus, TWorkOrderStatus } from '@amms/contracts/maintenance';
import type { Tone } from './tone';
import { defineMessages } from '@/i18n/messages';

/** The enums' words (one source with the API's exports: `@amms/contracts/enum-labels`). */
export const enumLabels = defineMessages(ENUM_WORDS['zh-CN'], ENUM_WORDS.en);

export const ASSET_STATUS_TONE: Record<TAssetStatus, Tone> = {
  ACTIVE: 'green',
  IN_MAINTENANCE: 'amber',
  RETIRED: 'neutral',
};
export const JOB_STATUS_TONE: Record<TJobStatus, Tone> = {
  PLANNED: 'neutral',
  SCHEDULED: 'blue',
  IN_PROGRESS: 'violet',
  COMPLETED: 'green',
  CANCELLED: 'neutral',
};
export const WO_STATUS_TONE: Record<TWorkOrderStatus, Tone> = {
  OPEN: 'amber',
  IN_PROGRESS: 'violet',
  AWAITING_ACCEPTANCE: 'blue',
  CLOSED: 'green',
  CANCELLED: 'neutral',
};
export const COST_STATUS_TONE: Record<TCostDocumentStatus, Tone> = {
  DRAFT: 'neutral',
  SUBMITTED: 'amber',
  APPROVED: 'green',
  REJECTED: 'red',
};
export const DUE_STATUS_TONE: Record<TDueStatus, Tone> = { OVERDUE: 'red', DUE_SOON: 'amber', OK: 'green' };

/** A priority (1 lowest … 5 urgent) in words with its number, e.g. "紧急（5）" / "Urgent (5)". */
export function priorityText(labels: (typeof enumLabels)['zh-CN'], p: number): string {
  const word = labels.priority[Math.min(5, Math.max(1, Math.round(p))) as 1 | 2 | 3 | 4 | 5];
  return labels === enumLabels['zh-CN'] ? `${word}（${p}）` : `${word} (${p})`;
}
