import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { TRole } from '@amms/contracts/permissions';
import { AgentService } from '../agent/agent.service.js';
import { FaultDiagnosisRepository } from '../agent/fault-diagnosis.repository.js';
import { AuditService } from '../audit/audit.service.js';
import { StockQueriesService } from '../inventory/stock-queries.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { may } from '../platform/access/permission.js';
import { actingMembers } from '../tenancy/member-context.js';
import { WeeklyPurchaseRepository } from './weekly-purchase.repository.js';

const PREFIX = 'purchase-weekly-';
/** Monday 07:00 in the org's time zone */
const PATTERN = '0 7 * * 1';
/** The store keepers (inventory.write) who may also run the agent and confirm its drafts, in this order. */
const ACTING_ROLES: readonly TRole[] = ['DISPATCHER', 'ADMIN', 'OWNER'];
/** The goal the run is started with: the agent's PURCHASE intent, as a person would ask it. */
const GOAL = { zh: '下周保养需要订哪些配件？', en: "Which parts do we need to order for next week's services?" };

export type WeeklyPurchaseResult =
  | { skipped: 'nobody' | 'nothing-low' | 'open-draft' | 'done-this-week' }
  | { week: string; runId: string; status: string; draftId: string | null };

/** ISO week (`2026-W49`) of `at` in `timezone`. */
export function isoWeek(at: Date, timezone: string): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(at)
    .split('-')
    .map(Number) as [number, number, number];
  const d = new Date(Date.UTC(day[0], day[1] - 1, day[2]));
  const weekday = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * One BullMQ job scheduler per org (`purchase-weekly-<org>`, Monday 07:00 in the org's zone, job
 * `purchase.weekly`); orgs gone lose theirs. Idempotent: run at worker start and hourly.
 */
export async function syncWeeklyPurchaseSchedules(
  repo: WeeklyPurchaseRepository,
  queue: Queue,
): Promise<{ scheduled: number; removed: number }> {
  const orgs = await repo.organizations();
  const wanted = new Set(orgs.map((o) => PREFIX + o.id));
  for (const o of orgs)
    await queue.upsertJobScheduler(
      PREFIX + o.id,
      { pattern: PATTERN, tz: o.timezone },
      {
        name: 'purchase.weekly',
        data: { organizationId: o.id },
        opts: { removeOnComplete: 100, removeOnFail: 500 },
      },
    );
  let removed = 0;
  for (const s of await queue.getJobSchedulers(0, -1))
    if (s.key.startsWith(PREFIX) && !wanted.has(s.key)) {
      await queue.removeJobScheduler(s.key);
      removed++;
    }
  return { scheduled: orgs.length, removed };
}

/**
 * The agent's weekly purchase draft, on its own: when the low-stock projection (`GET /stock/low`
 * as the store keeper sees it) has lines and no PURCHASE draft is open, the agent is asked what to
 * order exactly as a store keeper would ask it ("下周保养需要订哪些配件？": the PURCHASE intent, its
 * `parts_to_order` tool, the same draft). The run is the store keeper's (the first dispatcher,
 * else admin, else owner who may write stock, run the agent and confirm drafts): the draft waits
 * for them, and the draft's "waiting for confirmation" message goes out on their channels. Once per
 * org and ISO week (the week's audit receipt, claimed under a lock): a re-run writes nothing.
 */
@Injectable()
export class WeeklyPurchase {
  private readonly log = new Logger('WeeklyPurchase');

  constructor(
    private readonly repo: WeeklyPurchaseRepository,
    private readonly members: FaultDiagnosisRepository,
    private readonly agent: AgentService,
    private readonly stock: StockQueriesService,
    private readonly audit: AuditService,
  ) {}

  async run(organizationId: string, now = new Date()): Promise<WeeklyPurchaseResult> {
    const keeper = await this.storeKeeper(organizationId);
    if (!keeper) return { skipped: 'nobody' };
    if ((await this.stock.low(keeper.ctx, now)).length === 0) return { skipped: 'nothing-low' };
    if ((await this.repo.openPurchaseDrafts(organizationId)) > 0) return { skipped: 'open-draft' };
    const week = isoWeek(now, (await this.repo.timezone(organizationId))?.timezone ?? 'Asia/Shanghai');
    const claimed = await this.repo.claimWeek(organizationId, week, (tx) =>
      this.audit.record(tx, keeper.ctx, 'purchase.weekly_drafted', 'purchase_week', week, { week }).then(() => {}),
    );
    if (!claimed) return { skipped: 'done-this-week' };
    const goal = keeper.locale.toLowerCase().startsWith('zh') ? GOAL.zh : GOAL.en;
    const run = await this.agent.start(keeper.ctx, { goal });
    this.log.log(`weekly purchase ${organizationId} ${week} → run ${run.id} ${run.status}`);
    return { week, runId: run.id, status: run.status, draftId: run.draft?.id ?? null };
  }

  private async storeKeeper(organizationId: string): Promise<{ ctx: OrgContext; locale: string } | null> {
    const members = await this.members.members(organizationId, ACTING_ROLES);
    for (const keeper of actingMembers(organizationId, members, ACTING_ROLES, `weekly-purchase:${organizationId}`)) {
      if ((['inventory.write', 'agent.run', 'draft.confirm'] as const).every((p) => may(keeper.ctx, p))) return keeper;
    }
    return null;
  }
}
