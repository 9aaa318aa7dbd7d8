import type { TNotifyEvent } from '@amms/contracts/notify-channels';

export type Lang = 'zh' | 'en';

export const langOf = (locale: string | null | undefined): Lang =>
  locale?.toLowerCase().startsWith('en') ? 'en' : 'zh';

const TITLES: Record<TNotifyEvent, Record<Lang, string>> = {
  DRAFT_AWAITING_CONFIRMATION: { zh: '草案待你确认', en: 'A draft waits for your confirmation' },
  COST_AWAITING_APPROVAL: { zh: '费用单待你审批', en: 'A cost waits for your approval' },
  WORK_ORDER_ASSIGNED: { zh: '工单已分配给你', en: 'A work order is assigned to you' },
  JOB_STARTS_TOMORROW: { zh: '你的作业明天开始', en: 'Your job starts tomorrow' },
  MACHINE_DOWN: { zh: '机器停机', en: 'A machine went down' },
  EXECUTION_FAILED: { zh: '执行失败', en: 'An execution failed' },
  STOCK_LOW: { zh: '配件库存已到再订货点', en: 'A part is down to its reorder point' },
  FAULT_RAISED: { zh: '机器报故障码', en: 'A machine reported a fault code' },
  DAILY_DIGEST: { zh: '每日摘要', en: 'Daily digest' },
};

/** The group's wording (a bot speaks to everyone, not to "you"). */
const GROUP_TITLES: Partial<Record<TNotifyEvent, Record<Lang, string>>> = {
  DRAFT_AWAITING_CONFIRMATION: { zh: '草案待确认', en: 'A draft waits for confirmation' },
  COST_AWAITING_APPROVAL: { zh: '费用单待审批', en: 'A cost waits for approval' },
  WORK_ORDER_ASSIGNED: { zh: '工单已分配', en: 'A work order was assigned' },
  JOB_STARTS_TOMORROW: { zh: '作业明天开始', en: 'A job starts tomorrow' },
};

export function titleOf(event: TNotifyEvent, lang: Lang, group = false): string {
  return (group ? GROUP_TITLES[event]?.[lang] : undefined) ?? TITLES[event][lang];
}

/** Extra lines for a machine that went down: how many of the reader's jobs it affects. */
export function affectedJobsLine(n: number, lang: Lang): string | null {
  if (n === 0) return null;
  return lang === 'zh' ? `影响 ${n} 个已排作业` : `${n} scheduled job${n === 1 ? '' : 's'} affected`;
}

/** The web app's path a message links to. */
export function linkOf(orgId: string, resourceType: string, id: string): string {
  const org = `/orgs/${orgId}`;
  switch (resourceType) {
    case 'work_order':
      return `${org}/maintenance/work-orders/${id}`;
    case 'cost_document':
      return `${org}/costs/${id}`;
    case 'asset':
      return `${org}/assets/${id}`;
    case 'job':
      return `/field/jobs/${id}`;
    case 'draft':
      return `${org}/drafts/${id}`;
    case 'part':
      return `${org}/inventory/parts/${id}`;
    default:
      return `${org}/notifications`;
  }
}
