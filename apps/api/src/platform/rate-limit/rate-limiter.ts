import { Injectable } from '@nestjs/common';
import { RedisService } from '../redis/redis.service.js';

export interface LimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in Redis (shared by every API process). When Redis is down
 * the counters fall back to this process's memory: limits stay in force, per process.
 */
@Injectable()
export class RateLimiter {
  private readonly local = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly redis: RedisService) {}

  /** Reads the counter without adding to it. */
  async peek(key: string, limit: number, windowSeconds: number): Promise<LimitResult> {
    const full = `amms:v1:rl:${key}`;
    try {
      const [count, ttl] = await Promise.all([this.redis.client.get(full), this.redis.client.ttl(full)]);
      const n = Number(count ?? 0);
      return { allowed: n < limit, count: n, retryAfterSeconds: ttl > 0 ? ttl : windowSeconds };
    } catch {
      const e = this.local.get(full);
      const now = Date.now();
      if (!e || e.resetAt <= now) return { allowed: true, count: 0, retryAfterSeconds: windowSeconds };
      return { allowed: e.count < limit, count: e.count, retryAfterSeconds: Math.ceil((e.resetAt - now) / 1000) };
    }
  }

  /** Adds one hit and says whether the caller is still within the limit. */
  async hit(key: string, limit: number, windowSeconds: number): Promise<LimitResult> {
    const full = `amms:v1:rl:${key}`;
    try {
      const res = await this.redis.client.multi().incr(full).expire(full, windowSeconds, 'NX').ttl(full).exec();
      const count = Number(res?.[0]?.[1] ?? 0);
      const ttl = Number(res?.[2]?.[1] ?? windowSeconds);
      return { allowed: count <= limit, count, retryAfterSeconds: ttl > 0 ? ttl : windowSeconds };
    } catch {
      const now = Date.now();
      let e = this.local.get(full);
      if (!e || e.resetAt <= now) {
        e = { count: 0, resetAt: now + windowSeconds * 1000 };
        this.local.set(full, e);
      }
      e.count += 1;
      return { allowed: e.count <= limit, count: e.count, retryAfterSeconds: Math.ceil((e.resetAt - now) / 1000) };
    }
  }

  async reset(key: string): Promise<void> {
    const full = `amms:v1:rl:${key}`;
    this.local.delete(full);
    await this.redis.client.del(full).catch(() => undefined);
  }
}
