import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { TPlatformHealth, TPlatformOrgsResponse } from '@amms/contracts/platform';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { check } from '../platform/health/health.controller.js';
import { RedisService } from '../platform/redis/redis.service.js';
import { ConsoleRepository } from './console.repository.js';

const DAY_MS = 86_400_000;

/** The platform console's reads: every org's usage, and the system's health. */
@Injectable()
export class ConsoleService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: ConsoleRepository,
    private readonly redis: RedisService,
  ) {}

  async orgs(): Promise<TPlatformOrgsResponse> {
    const since = new Date(Date.now() - 30 * DAY_MS);
    const u = await this.repo.orgUsage(since);
    return {
      since: since.toISOString(),
      items: u.orgs.map((o) => ({
        id: o.id,
        slug: o.slug,
        name: o.name,
        timezone: o.timezone,
        createdAt: o.createdAt.toISOString(),
        members: u.members.get(o.id) ?? 0,
        machines: u.machines.get(o.id) ?? 0,
        jobsCompleted30d: u.jobs.get(o.id) ?? 0,
        agentRuns30d: u.runs.get(o.id) ?? 0,
        manuals: u.manuals.get(o.id) ?? 0,
        storageBytes: u.bytes.get(o.id) ?? 0,
        lastActivityAt: u.lastActivity.get(o.id)?.toISOString() ?? null,
      })),
    };
  }

  async health(log: FastifyRequest['log']): Promise<TPlatformHealth> {
    const [postgres, redis] = await Promise.all([
      check('postgres', () => this.repo.ping(), log),
      check('redis', () => this.redis.ping(), log),
    ]);
    const b = await this.repo.backlog(new Date(Date.now() - DAY_MS));
    const c = this.config;
    return {
      status: postgres.ok && redis.ok ? 'ok' : 'degraded',
      checkedAt: new Date().toISOString(),
      checks: { postgres, redis },
      outbox: {
        pending: b.pending,
        retrying: b.retrying,
        oldestPendingAt: b.oldestPendingAt?.toISOString() ?? null,
      },
      manuals: {
        UPLOADED: b.versions.get('UPLOADED') ?? 0,
        PROCESSING: b.versions.get('PROCESSING') ?? 0,
        READY: b.versions.get('READY') ?? 0,
        FAILED: b.versions.get('FAILED') ?? 0,
      },
      agentRunsFailed24h: b.failedRuns,
      features: {
        recognition: c.recognition.url !== null,
        agentPlanner: c.agent.planner,
        knowledgeAnswerer: c.knowledge.answerer,
        embeddings: c.knowledge.embeddings !== null,
      },
    };
  }
}
