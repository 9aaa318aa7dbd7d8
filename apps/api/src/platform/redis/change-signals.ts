import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RedisService } from './redis.service.js';

/** Redis pub/sub channels are shared by every logical db of a server: the prefix keeps ours apart. */
const channelOf = (topic: string) => `amms:changed:${topic}`;

/**
 * "This thing changed" nudges from one process to another (the worker writing an execution's
 * receipts → the API's open event streams of it), on Redis pub/sub.
 *
 * A nudge carries no data and is never the source of truth: a listener re-reads the row from
 * Postgres, and keeps a slow timer of its own, so a nudge lost to a Redis outage or a reconnect
 * only delays an update. Publishing never throws and never waits for a down Redis.
 */
@Injectable()
export class ChangeSignals implements OnModuleDestroy {
  private readonly log = new Logger(ChangeSignals.name);
  /** the subscriber connection (a connection in subscribe mode can do nothing else); made on first use */
  private sub: Redis | null = null;
  private readonly listeners = new Map<string, Set<() => void>>();

  constructor(private readonly redis: RedisService) {}

  /** After the commit that changed `topic`. */
  async publish(topic: string): Promise<void> {
    try {
      await this.redis.client.publish(channelOf(topic), '1');
    } catch {
      // Redis away: listeners catch up on their own timer
    }
  }

  /** Calls `onChange` on every nudge of `topic` until the returned function is called. */
  subscribe(topic: string, onChange: () => void): () => void {
    const channel = channelOf(topic);
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      // ioredis re-subscribes its channels itself after a reconnect
      this.subscriber()
        .subscribe(channel)
        .catch((err: Error) =>
          this.log.warn(`subscribe ${channel} failed (the listener's timer still runs): ${err.message}`),
        );
    }
    set.add(onChange);
    return () => {
      const current = this.listeners.get(channel);
      if (!current?.delete(onChange) || current.size > 0) return;
      this.listeners.delete(channel);
      this.sub?.unsubscribe(channel).catch(() => undefined);
    };
  }

  /** channels with at least one listener in this process (tests, metrics) */
  get activeTopics(): number {
    return this.listeners.size;
  }

  private subscriber(): Redis {
    if (!this.sub) {
      // its own connection, with an offline queue: a subscribe issued while connecting is kept
      this.sub = this.redis.client.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
      this.sub.on('error', (err) => this.log.warn(`redis subscriber: ${err.message}`));
      this.sub.on('message', (channel: string) => {
        for (const fn of this.listeners.get(channel) ?? []) fn();
      });
    }
    return this.sub;
  }

  onModuleDestroy(): void {
    this.sub?.disconnect();
  }
}
