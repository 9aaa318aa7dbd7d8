import { Controller, Get, HttpCode, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Public } from '../access/decorators.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { AppError } from '../errors/app-error.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { RedisService } from '../redis/redis.service.js';
import { MetricsService } from '../metrics/metrics.service.js';

type Check = { ok: boolean; ms: number; error?: 'unreachable' | 'timeout' };

/**
 * A failed check says `unreachable` or `timeout`, never the driver's message (host names, ports,
 * user names, SQL states are nobody's business on a public probe); the detail goes to the log.
 */
export async function check(
  name: string,
  fn: () => Promise<unknown>,
  log: FastifyRequest['log'],
  timeoutMs = 1500,
): Promise<Check> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([fn(), new Promise((_, rej) => (timer = setTimeout(() => rej(new TimeoutError()), timeoutMs)))]);
    return { ok: true, ms: Math.round(performance.now() - t0) };
  } catch (e) {
    const ms = Math.round(performance.now() - t0);
    log.warn({ check: name, ms, err: e instanceof Error ? e.message : String(e) }, 'readiness check failed');
    return { ok: false, ms, error: e instanceof TimeoutError ? 'timeout' : 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}
class TimeoutError extends Error {}

const sha256 = (s: string) => createHash('sha256').update(s).digest();

@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly prisma: PrismaService,
    private readonly redis: RedisService,
    private readonly metrics: MetricsService,
  ) {}

  /** Liveness: the process answers. */
  @Public()
  @Get('health')
  health() {
    return { status: 'ok' };
  }

  /** Readiness: Postgres and Redis (which also carries the queue) answer. */
  @Public()
  @Get('ready')
  async ready(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const [postgres, redis] = await Promise.all([
      check('postgres', () => this.prisma.ping(), req.log),
      check('redis', () => this.redis.ping(), req.log),
    ]);
    const ok = postgres.ok && redis.ok;
    void reply.status(ok ? 200 : 503);
    return { status: ok ? 'ready' : 'not_ready', checks: { postgres, redis, queue: redis } };
  }

  /**
   * Prometheus text. With METRICS_TOKEN set: only with `Authorization: Bearer <METRICS_TOKEN>`
   * (401 otherwise). Without it: open in development/test, and a plain 404 elsewhere (off).
   */
  @Public()
  @Get('metrics')
  @HttpCode(200)
  async prometheus(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const { metricsToken, metricsOpen } = this.config.ops;
    if (metricsToken === null) {
      if (!metricsOpen) throw new AppError('ROUTE_NOT_FOUND', 'No such route');
    } else {
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      // compared as hashes: equal lengths for timingSafeEqual, and no early exit on a prefix
      if (!timingSafeEqual(sha256(given), sha256(metricsToken))) {
        throw new AppError('UNAUTHENTICATED', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>');
      }
    }
    // set here, not by @Header: a refusal above must go out as the JSON error envelope
    void reply.header('content-type', 'text/plain; version=0.0.4; charset=utf-8');
    return this.metrics.registry.metrics();
  }
}
