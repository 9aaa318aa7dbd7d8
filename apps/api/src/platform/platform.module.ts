import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from './config/config.js';
import { PrismaService } from './prisma/prisma.service.js';
import { RedisService } from './redis/redis.service.js';
import { ChangeSignals } from './redis/change-signals.js';
import { MetricsService } from './metrics/metrics.service.js';
import { QueueMetrics } from './metrics/queue-metrics.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { IdempotencyService } from './idempotency/idempotency.service.js';
import { OutboxService } from './outbox/outbox.service.js';
import { CacheService } from './cache/cache.service.js';
import { BlobRefs } from './storage/blob-refs.js';
import { BlobRefsRepository } from './storage/blob-refs.repository.js';
import { blobStoreProvider } from './storage/create-blob-store.js';

/** Config, database, cache, change signals, metrics, idempotency, outbox and the blob store: shared by api and worker. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(config: AppConfig): DynamicModule {
    const providers = [
      { provide: APP_CONFIG, useValue: config },
      PrismaService,
      RedisService,
      ChangeSignals,
      MetricsService,
      QueueMetrics,
      RateLimiter,
      IdempotencyService,
      OutboxService,
      CacheService,
      blobStoreProvider,
      BlobRefsRepository,
      BlobRefs,
    ];
    return { module: PlatformModule, providers, exports: providers };
  }
}
