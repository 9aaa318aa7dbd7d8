import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../platform/config/config.js';
import { PlatformModule } from '../platform/platform.module.js';
import { SHARED_PROVIDERS } from '../shared.providers.js';
import { JOB_WORKER_PROVIDERS } from '../jobs/jobs.providers.js';
import { EXECUTION_WORKER_PROVIDERS } from '../executions/executions.providers.js';
import { KNOWLEDGE_API_PROVIDERS, KNOWLEDGE_WORKER_PROVIDERS } from '../knowledge/index.js';
import { WEBHOOK_WORKER_PROVIDERS } from '../integrations/webhooks/webhooks.module.js';
import { HousekeepingRepository } from './housekeeping.repository.js';
import { WeeklyPurchase } from './weekly-purchase.js';
import { WeeklyPurchaseRepository } from './weekly-purchase.repository.js';
import { AGENT_PROVIDERS } from '../agent/agent.providers.js';
import { AGENT_MEMORY_PROVIDERS } from '../agent/memory/memory.module.js';
import { AnalyticsRepository } from '../analytics/analytics.repository.js';
import { AnalyticsService } from '../analytics/analytics.service.js';
import { INVENTORY_PROVIDERS } from '../inventory/inventory.module.js';
import { TENANCY_PROVIDERS } from '../tenancy/tenancy.providers.js';
import { DRAFT_API_PROVIDERS } from '../drafts/drafts.providers.js';
import { JwtModule } from '@nestjs/jwt';
import { TokensService } from '../auth/tokens.service.js';
import { RefreshTokensRepository } from '../auth/refresh-tokens.repository.js';

/** What only the worker runs: draft execution, document ingestion, webhook delivery, housekeeping. */
export const WORKER_PROVIDERS = [
  ...JOB_WORKER_PROVIDERS,
  ...EXECUTION_WORKER_PROVIDERS,
  ...KNOWLEDGE_WORKER_PROVIDERS,
  // webhooks: delivery, and the GET of each event's resource for the endpoint's creator
  ...WEBHOOK_WORKER_PROVIDERS,
  HousekeepingRepository,
  // the agent's weekly purchase draft (weekly-purchase.ts)
  WeeklyPurchaseRepository,
  WeeklyPurchase,
  // a telematics fault code → the agent's diagnosis (agent/fault-diagnosis.ts): the agent and what its tools read
  ...AGENT_PROVIDERS,
  ...AGENT_MEMORY_PROVIDERS,
  AnalyticsRepository,
  AnalyticsService,
  ...INVENTORY_PROVIDERS,
  ...TENANCY_PROVIDERS,
  // the manuals' search (the diagnosis cites a page)
  ...KNOWLEDGE_API_PROVIDERS,
  // the run's end writes its draft
  ...DRAFT_API_PROVIDERS,
  // the members service the agent's tools read names through needs these (the worker never signs a token)
  TokensService,
  RefreshTokensRepository,
];

/** The worker's providers: the platform, the features it shares with the API (the same services) and its own. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        PlatformModule.forRoot(config),
        JwtModule.register({ secret: config.auth.accessSecret, signOptions: { algorithm: 'HS256' } }),
      ],
      providers: [...SHARED_PROVIDERS, ...WORKER_PROVIDERS],
    };
  }
}
