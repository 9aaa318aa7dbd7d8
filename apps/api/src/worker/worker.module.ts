import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../platform/config/config.js';
import { PlatformModule } from '../platform/platform.module.js';
import { SHARED_PROVIDERS } from '../shared.providers.js';
import { JOB_WORKER_PROVIDERS } from '../jobs/jobs.providers.js';
import { EXECUTION_WORKER_PROVIDERS } from '../executions/executions.providers.js';
import { KNOWLEDGE_WORKER_PROVIDERS } from '../knowledge/index.js';
import { WEBHOOK_WORKER_PROVIDERS } from '../integrations/webhooks/webhooks.module.js';
import { HousekeepingRepository } from './housekeeping.repository.js';

/** What only the worker runs: draft execution, document ingestion, webhook delivery, housekeeping. */
export const WORKER_PROVIDERS = [
  ...JOB_WORKER_PROVIDERS,
  ...EXECUTION_WORKER_PROVIDERS,
  ...KNOWLEDGE_WORKER_PROVIDERS,
  // webhooks: delivery, and the GET of each event's resource for the endpoint's creator
  ...WEBHOOK_WORKER_PROVIDERS,
  HousekeepingRepository,
];

/** The worker's providers: the platform, the features it shares with the API (the same services) and its own. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [PlatformModule.forRoot(config)],
      providers: [...SHARED_PROVIDERS, ...WORKER_PROVIDERS],
    };
  }
}
