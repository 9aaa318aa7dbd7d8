import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { RateLimitGuard } from './platform/rate-limit/rate-limit.guard.js';
import { JwtModule } from '@nestjs/jwt';
import type { AppConfig } from './platform/config/config.js';
import { PlatformModule } from './platform/platform.module.js';
import { AllExceptionsFilter } from './platform/errors/all-exceptions.filter.js';
import { createValidationPipe } from './platform/http/validation.js';
import { IdempotencyInterceptor } from './platform/idempotency/idempotency.interceptor.js';
import { ResponseContractInterceptor } from './platform/http/returns.js';
import { CacheInvalidationInterceptor } from './platform/cache/invalidates.js';
import { PlatformInterceptor } from './platform/http/platform-interceptor.js';
import { HealthController } from './platform/health/health.controller.js';
import { AuditController } from './audit/audit.controller.js';
import { AuthController } from './auth/auth.controller.js';
import { AuthService } from './auth/auth.service.js';
import { TokensService } from './auth/tokens.service.js';
import { AccessGuard } from './tenancy/access.guard.js';
import { AccessRepository } from './auth/access.repository.js';
import { UsersRepository } from './auth/users.repository.js';
import { RefreshTokensRepository } from './auth/refresh-tokens.repository.js';
import { WorkshopController } from './maintenance/workshop.controller.js';
import { NotificationsController } from './notifications/notifications.controller.js';
import { MembersController } from './tenancy/members.controller.js';
import { MemberPlanningController } from './tenancy/member-planning.controller.js';
import { TeamsController } from './tenancy/teams.controller.js';
import { ApiKeysController } from './tenancy/api-keys.controller.js';
import { AssetsController } from './assets/assets.controller.js';
import { MachineModelsController } from './assets/machine-models.controller.js';
import { PlatformCatalogController } from './assets/platform-catalog.controller.js';
import { MaintenancePlansController } from './maintenance/maintenance-plans.controller.js';
import { WorkOrdersController } from './maintenance/work-orders.controller.js';
import { AnalyticsRepository } from './analytics/analytics.repository.js';
import { AnalyticsService } from './analytics/analytics.service.js';
import { AnalyticsController } from './analytics/analytics.controller.js';
import { FieldsController } from './jobs/fields.controller.js';
import { AssignmentsController, JobsController } from './jobs/jobs.controller.js';
import { CostsController } from './costs/costs.controller.js';
import { AgentController } from './agent/agent.controller.js';
import { AGENT_PROVIDERS } from './agent/agent.providers.js';
import { DraftsController } from './drafts/drafts.controller.js';
import { DraftTravelController } from './drafts/draft-travel.controller.js';
import { ExecutionsController } from './executions/executions.controller.js';
import { KNOWLEDGE_API_PROVIDERS, KNOWLEDGE_CONTROLLERS } from './knowledge/index.js';
import { SHARED_PROVIDERS } from './shared.providers.js';
import { PRESTART_API_PROVIDERS, PRESTART_CONTROLLERS } from './prestart/prestart.providers.js';
import { TENANCY_PROVIDERS } from './tenancy/tenancy.providers.js';
import { DRAFT_API_PROVIDERS } from './drafts/drafts.providers.js';
import { EXECUTION_API_PROVIDERS } from './executions/executions.providers.js';
import { ATTACHMENT_CONTROLLERS, ATTACHMENT_PROVIDERS } from './attachments/attachments.module.js';
import { McpController } from './mcp/mcp.controller.js';
import { McpService } from './mcp/mcp.service.js';
import { WEBHOOK_CONTROLLERS, WEBHOOK_PROVIDERS } from './integrations/webhooks/webhooks.module.js';
import { INTEGRATION_CONTROLLERS, INTEGRATION_PROVIDERS } from './integrations/index.js';
import { AGENT_MEMORY_CONTROLLERS, AGENT_MEMORY_PROVIDERS } from './agent/memory/memory.module.js';
import { GEO_API_PROVIDERS, GEO_CONTROLLERS } from './geo/geo.module.js';
import { TELEMATICS_CONTROLLERS } from './telematics/telematics.controller.js';
import { OUTBOUND_API_PROVIDERS, OUTBOUND_CONTROLLERS } from './notifications/outbound/outbound.module.js';
import { INVENTORY_CONTROLLERS } from './inventory/inventory.module.js';
import { CONSOLE_CONTROLLERS, CONSOLE_PROVIDERS } from './platform-console/console.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot(config),
        JwtModule.register({ secret: config.auth.accessSecret, signOptions: { algorithm: 'HS256' } }),
      ],
      controllers: [
        HealthController,
        AuthController,
        MembersController,
        MemberPlanningController,
        TeamsController,
        ApiKeysController,
        AuditController,
        MachineModelsController,
        PlatformCatalogController,
        AssetsController,
        FieldsController,
        JobsController,
        AssignmentsController,
        CostsController,
        AnalyticsController,
        MaintenancePlansController,
        WorkOrdersController,
        AgentController,
        DraftsController,
        DraftTravelController,
        ExecutionsController,
        ...KNOWLEDGE_CONTROLLERS,
        ...ATTACHMENT_CONTROLLERS,
        McpController,
        ...WEBHOOK_CONTROLLERS,
        ...INTEGRATION_CONTROLLERS,
        ...AGENT_MEMORY_CONTROLLERS,
        ...GEO_CONTROLLERS,
        NotificationsController,
        ...OUTBOUND_CONTROLLERS,
        WorkshopController,
        ...TELEMATICS_CONTROLLERS,
        ...INVENTORY_CONTROLLERS,
        ...PRESTART_CONTROLLERS,
        ...CONSOLE_CONTROLLERS,
      ],
      providers: [
        // the features the worker runs too (one list: shared.providers.ts)
        ...SHARED_PROVIDERS,
        RefreshTokensRepository,
        TokensService,
        AuthService,
        AccessRepository,
        UsersRepository,
        ...TENANCY_PROVIDERS,
        AnalyticsRepository,
        AnalyticsService,
        ...AGENT_PROVIDERS,
        ...DRAFT_API_PROVIDERS,
        ...EXECUTION_API_PROVIDERS,
        ...KNOWLEDGE_API_PROVIDERS,
        ...ATTACHMENT_PROVIDERS,
        // also a plain provider: the MCP tools count agent runs against the same limits
        RateLimitGuard,
        McpService,
        ...WEBHOOK_PROVIDERS,
        ...INTEGRATION_PROVIDERS,
        ...AGENT_MEMORY_PROVIDERS,
        ...GEO_API_PROVIDERS,
        ...OUTBOUND_API_PROVIDERS,
        ...PRESTART_API_PROVIDERS,
        ...CONSOLE_PROVIDERS,
        { provide: APP_GUARD, useClass: AccessGuard },
        // after the access guard (global guards run in registration order): counts per member and org
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        // one global interceptor running, in order, idempotency (outer: stores what the contract
        // check let through) → response contract → cache invalidation (innermost: runs once the
        // handler and its transaction succeeded): platform/http/platform-interceptor.ts
        IdempotencyInterceptor,
        ResponseContractInterceptor,
        CacheInvalidationInterceptor,
        { provide: APP_INTERCEPTOR, useClass: PlatformInterceptor },
      ],
    };
  }
}
