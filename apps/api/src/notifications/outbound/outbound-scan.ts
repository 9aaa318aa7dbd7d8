import { Inject, Injectable } from '@nestjs/common';
import type { TRole } from '@amms/contracts/permissions';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { roleMay } from '../../platform/access/permission.js';
import { OutboundPlanner } from './outbound-planner.js';
import { OutboundScanRepository } from './outbound-scan.repository.js';
import { localDate, localMinute } from './preferences.js';

/** The UTC instant of local midnight starting `date` (YYYY-MM-DD) in `timeZone`. */
export function zonedMidnight(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const guess = Date.UTC(y!, m! - 1, d!);
  // the zone's offset at the guess, then once more at the corrected instant (a DST change that day)
  const offsetAt = (t: number) => {
    const local = localDate(new Date(t), timeZone);
    const [ly, lm, ld] = local.split('-').map(Number);
    return Date.UTC(ly!, lm! - 1, ld!) + localMinute(new Date(t), timeZone) * 60_000 - t;
  };
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

const clock = (at: Date, timeZone: string) => {
  const m = localMinute(at, timeZone);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/**
 * Periodic (NOTIFY_SCAN_EVERY_MS): in each org's evening, "my job starts tomorrow" to the
 * operators of tomorrow's scheduled jobs; in its morning, the daily digest (e-mail) of what waits.
 * Every scan may run again: the messages are unique per assignment and day, per member and day.
 */
@Injectable()
export class OutboundScan {
  constructor(
    private readonly repo: OutboundScanRepository,
    private readonly planner: OutboundPlanner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async scan(now = new Date()): Promise<{ tomorrow: number; digests: number }> {
    const orgs = await this.repo.orgs();
    let tomorrow = 0;
    let digests = 0;
    for (const org of orgs) {
      const hour = Math.floor(localMinute(now, org.timezone) / 60);
      if (hour >= this.config.notify.eveningHour) tomorrow += await this.jobsTomorrow(org, now);
      if (hour >= this.config.notify.digestHour && hour < this.config.notify.digestHour + 3)
        digests += await this.digests(org, now);
    }
    return { tomorrow, digests };
  }

  async jobsTomorrow(org: { id: string; timezone: string }, now: Date): Promise<number> {
    const today = localDate(now, org.timezone);
    const start = new Date(zonedMidnight(today, org.timezone).getTime() + 36 * 3_600_000);
    const day = localDate(start, org.timezone);
    const from = zonedMidnight(day, org.timezone);
    const to = zonedMidnight(localDate(new Date(from.getTime() + 36 * 3_600_000), org.timezone), org.timezone);
    const rows = await this.repo.assignmentsStarting(org.id, from, to);
    let planned = 0;
    for (const a of rows)
      planned += (
        await this.planner.plan(
          {
            organizationId: org.id,
            event: 'JOB_STARTS_TOMORROW',
            sourceKey: `job-tomorrow:${a.id}:${day}`,
            resourceType: 'job',
            resourceId: a.jobId,
            group: true,
            recipients: [
              {
                membershipId: a.operatorMembershipId,
                label: `${a.job.title ?? ''} ${day} ${clock(a.startsAt, org.timezone)}`.trim(),
              },
            ],
          },
          now,
        )
      ).planned;
    return planned;
  }

  /** One e-mail a day to each member who chose it and has something waiting: unread notifications, costs to approve. */
  async digests(org: { id: string; timezone: string }, now: Date): Promise<number> {
    const day = localDate(now, org.timezone);
    const members = await this.repo.activeMembers(org.id);
    const waitingCosts = await this.repo.waitingCosts(org.id);
    const recipients = [];
    for (const m of members) {
      const en = m.user.locale.startsWith('en');
      const unread = await this.repo.unread(org.id, m.id);
      const lines: string[] = [];
      // a count across the org only for who approves across the org (a team-scoped approver is not told others' numbers)
      if (roleMay(m.role as TRole, 'cost.approve') && m.dataScope === 'ORG' && waitingCosts > 0)
        lines.push(en ? `Costs waiting for approval: ${waitingCosts}` : `待审批费用单：${waitingCosts}`);
      if (unread.length > 0) {
        lines.push(en ? `Unread notifications: ${unread.length}` : `未读通知：${unread.length}`);
        for (const n of unread) lines.push(`· ${n.title ?? n.type}`);
      }
      if (lines.length > 0) recipients.push({ membershipId: m.id, label: day, lines });
    }
    if (recipients.length === 0) return 0;
    return (
      await this.planner.plan(
        {
          organizationId: org.id,
          event: 'DAILY_DIGEST',
          sourceKey: `digest:${day}`,
          resourceType: 'notifications',
          resourceId: null,
          group: false,
          recipients,
        },
        now,
      )
    ).planned;
  }
}
