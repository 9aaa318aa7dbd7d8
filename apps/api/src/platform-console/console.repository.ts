import { Injectable } from '@nestjs/common';
import { PrismaService } from '../platform/prisma/prisma.service.js';

type Count = { organizationId: string | null; _count: { _all: number } };
const byOrg = (rows: Count[]) => new Map(rows.map((r) => [r.organizationId, r._count._all]));

/** Counts across every org for the platform console: numbers only, never an org's rows. */
@Injectable()
export class ConsoleRepository {
  constructor(private readonly prisma: PrismaService) {}

  ping(): Promise<void> {
    return this.prisma.ping();
  }

  async orgUsage(since: Date) {
    const db = this.prisma.client;
    const [orgs, members, machines, jobs, runs, manuals, manualBytes, attachmentBytes, lastAudit] = await Promise.all([
      db.organization.findMany({
        select: { id: true, slug: true, name: true, timezone: true, createdAt: true },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
      }),
      db.membership.groupBy({ by: ['organizationId'], where: { status: 'ACTIVE' }, _count: { _all: true } }),
      db.asset.groupBy({ by: ['organizationId'], where: { status: { not: 'RETIRED' } }, _count: { _all: true } }),
      db.job.groupBy({
        by: ['organizationId'],
        where: { status: 'COMPLETED', completedAt: { gte: since } },
        _count: { _all: true },
      }),
      db.agentRun.groupBy({ by: ['organizationId'], where: { createdAt: { gte: since } }, _count: { _all: true } }),
      db.document.groupBy({ by: ['organizationId'], where: { organizationId: { not: null } }, _count: { _all: true } }),
      db.documentVersion.groupBy({
        by: ['organizationId'],
        where: { organizationId: { not: null } },
        _sum: { sizeBytes: true },
      }),
      db.attachment.groupBy({ by: ['organizationId'], _sum: { sizeBytes: true } }),
      db.auditEvent.groupBy({
        by: ['organizationId'],
        where: { organizationId: { not: null } },
        _max: { createdAt: true },
      }),
    ]);
    const bytes = new Map<string | null, number>();
    for (const r of [...manualBytes, ...attachmentBytes])
      bytes.set(r.organizationId, (bytes.get(r.organizationId) ?? 0) + (r._sum.sizeBytes ?? 0));
    return {
      orgs,
      members: byOrg(members),
      machines: byOrg(machines),
      jobs: byOrg(jobs),
      runs: byOrg(runs),
      manuals: byOrg(manuals),
      bytes,
      lastActivity: new Map(lastAudit.map((r) => [r.organizationId, r._max.createdAt])),
    };
  }

  async backlog(since24h: Date) {
    const db = this.prisma.client;
    const [pending, retrying, oldest, versions, failedRuns] = await Promise.all([
      db.outboxEvent.count({ where: { dispatchedAt: null } }),
      db.outboxEvent.count({ where: { dispatchedAt: null, attempts: { gt: 0 } } }),
      db.outboxEvent.findFirst({
        where: { dispatchedAt: null },
        orderBy: { createdAt: 'asc' },
        select: { createdAt: true },
      }),
      db.documentVersion.groupBy({ by: ['status'], _count: { _all: true } }),
      db.agentRun.count({ where: { status: 'FAILED', createdAt: { gte: since24h } } }),
    ]);
    return {
      pending,
      retrying,
      oldestPendingAt: oldest?.createdAt ?? null,
      versions: new Map(versions.map((v) => [v.status, v._count._all])),
      failedRuns,
    };
  }
}
