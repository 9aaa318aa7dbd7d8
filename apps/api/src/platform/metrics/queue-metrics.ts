import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { PrismaService } from '../prisma/prisma.service.js';
import { QUEUES, type QueueName } from '../queue/registry.js';
import { RedisService } from '../redis/redis.service.js';
import { MetricsService } from './metrics.service.js';

const SCRAPE_TIMEOUT_MS = 1500;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/**
 * BullMQ's keys per state (its default `bull` prefix): lists for waiting / active, sorted sets for
 * prioritized (waiting with a priority), delayed and failed.
 */
const STATE_KEYS = {
  waiting: [
    ['wait', 'list'],
    ['prioritized', 'zset'],
  ],
  active: [['active', 'list']],
  delayed: [['delayed', 'zset']],
  failed: [['failed', 'zset']],
} as const;
type State = keyof typeof STATE_KEYS;

/**
 * Queue depth on /metrics, read when scraped: `amms_queue_jobs{queue,state}` (what an autoscaler
 * scales workers by, see deploy/k8s/worker.yaml) and `amms_outbox_pending` (committed work not yet
 * relayed to Redis: grows while Redis is down). Read through the API's own Redis client (no offline
 * queue, one try) in one pipeline, bounded in time: with Redis down the gauge is empty for that
 * scrape and /metrics still answers; nothing to open or close.
 */
@Injectable()
export class QueueMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    private readonly prisma: PrismaService,
    private readonly redis: RedisService,
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
        for (const [queue, byState] of all ?? [])
          for (const [state, n] of Object.entries(byState)) this.set({ queue, state }, n);
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

  private async counts(): Promise<[QueueName, Record<State, number>][]> {
    const pipeline = this.redis.client.pipeline();
    const plan: [QueueName, State][] = [];
    for (const queue of QUEUES) {
      for (const [state, keys] of Object.entries(STATE_KEYS) as [State, (typeof STATE_KEYS)[State]][]) {
        for (const [suffix, type] of keys) {
          const key = `bull:${queue}:${suffix}`;
          if (type === 'list') pipeline.llen(key);
          else pipeline.zcard(key);
          plan.push([queue, state]);
        }
      }
    }
    const results = await Promise.race([
      pipeline.exec(),
      sleep(SCRAPE_TIMEOUT_MS).then(() => Promise.reject(new Error('queue counts timed out'))),
    ]);
    const out = new Map<QueueName, Record<State, number>>(
      QUEUES.map((q) => [q, { waiting: 0, active: 0, delayed: 0, failed: 0 }]),
    );
    results?.forEach(([err, n], i) => {
      if (err) throw err;
      const [queue, state] = plan[i]!;
      out.get(queue)![state] += Number(n);
    });
    return [...out];
  }
}
