import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Gauge } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { bullConnection } from '../queue/connection.js';
import { QUEUES, type QueueName } from '../queue/registry.js';
import { MetricsService } from './metrics.service.js';

const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * Queue depth on /metrics, read when scraped: `amms_queue_jobs{queue,state}` (what an autoscaler
 * scales workers by, see deploy/k8s/worker.yaml) and `amms_outbox_pending` (committed work not yet
 * relayed to Redis: grows while Redis is down). A failed read leaves the gauge empty for that
 * scrape instead of failing /metrics.
 */
@Injectable()
export class QueueMetrics implements OnModuleInit, OnModuleDestroy {
  private queues: Map<QueueName, Queue> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
    private readonly prisma: PrismaService,
  ) {}

  onModuleInit(): void {
    const counts = () => this.counts();
    const prisma = this.prisma;
    new Gauge({
      name: 'amms_queue_jobs',
      help: 'BullMQ jobs by queue and state (waiting = not yet picked up by a worker)',
      labelNames: ['queue', 'state'] as const,
      registers: [this.metrics.registry],
      async collect() {
        this.reset();
        const all = await counts().catch(() => null);
        for (const [queue, byState] of all ?? []) for (const s of STATES) this.set({ queue, state: s }, byState[s] ?? 0);
      },
    });
    new Gauge({
      name: 'amms_outbox_pending',
      help: 'Outbox rows committed but not yet relayed to the queue',
      registers: [this.metrics.registry],
      async collect() {
        this.reset();
        const n = await prisma.client.outboxEvent.count({ where: { dispatchedAt: null } }).catch(() => null);
        if (n !== null) this.set(n);
      },
    });
  }

  private async counts(): Promise<[QueueName, Record<string, number>][]> {
    // created on the first scrape only: processes that are never scraped open no connections
    this.queues ??= new Map(QUEUES.map((q) => [q, new Queue(q, { connection: bullConnection(this.config.redis.url) })]));
    return Promise.all([...this.queues].map(async ([name, q]) => [name, await q.getJobCounts(...STATES)] as [QueueName, Record<string, number>]));
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...(this.queues?.values() ?? [])].map((q) => q.close().catch(() => undefined)));
  }
}
