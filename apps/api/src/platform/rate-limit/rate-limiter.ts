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
 * Hits counted in memory still count once Redis answers again (a process that served its first
 * requests before its connection was ready, a Redis restart): each hit is counted in one place,
 * and the limit is checked against both.
 */
@Injectable()
export class RateLimiter {
  private readonly local = new Map<string, { count: number; resetAt: number }>();
  private readonly localSlots = new Map<string, number>();

  constructor(private readonly redis: RedisService) {}

  /** Hits of `full` counted in memory in the current window (an expired window is forgotten). */
  private localCount(full: string): number {
    const e = this.local.get(full);
    if (!e) return 0;
    if (e.resetAt > Date.now()) return e.count;
    this.local.delete(full);
    return 0;
  }

  /** Reads the counter without adding to it. */
  async peek(key: string, limit: number, windowSeconds: number): Promise<LimitResult> {
    const full = `amms:v1:rl:${key}`;
    try {
      const [count, ttl] = await Promise.all([this.redis.client.get(full), this.redis.client.ttl(full)]);
      const n = Number(count ?? 0) + this.localCount(full);
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
      const count = Number(res?.[0]?.[1] ?? 0) + this.localCount(full);
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

  /**
   * Takes one of `limit` concurrent slots under `key`; null when all are taken. The returned
   * function gives the slot back (call it once). A slot whose release never comes (a crashed
   * process) is gone after `ttlSeconds` at the latest: the key's expiry is renewed on each take.
   * Redis down → slots counted in this process's memory.
   */
  async acquire(key: string, limit: number, ttlSeconds: number): Promise<(() => Promise<void>) | null> {
    const full = `amms:v1:rl:c:${key}`;
    try {
      const res = await this.redis.client.multi().incr(full).expire(full, ttlSeconds).exec();
      const count = Number(res?.[0]?.[1] ?? 0);
      if (count > limit) {
        await this.redis.client.decr(full);
        return null;
      }
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await this.redis.client.decr(full).catch(() => undefined);
      };
    } catch {
      const n = this.localSlots.get(full) ?? 0;
      if (n >= limit) return null;
      this.localSlots.set(full, n + 1);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        const left = (this.localSlots.get(full) ?? 1) - 1;
        if (left <= 0) this.localSlots.delete(full);
        else this.localSlots.set(full, left);
      };
    }
  }

  async reset(key: string): Promise<void> {
    const full = `amms:v1:rl:${key}`;
    this.local.delete(full);
    await this.redis.client.del(full).catch(() => undefined);
  }
}
