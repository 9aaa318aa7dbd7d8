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
import { HealthController } from './platform/health/health.controller.js';
import { AUDIT_PROVIDERS } from './audit/audit.providers.js';
import { AuditController } from './audit/audit.controller.js';
import { AuthController } from './auth/auth.controller.js';
import { AuthService } from './auth/auth.service.js';
import { TokensService } from './auth/tokens.service.js';
import { AccessGuard } from './tenancy/access.guard.js';
import { AccessRepository } from './auth/access.repository.js';
import { UsersRepository } from './auth/users.repository.js';
import { RefreshTokensRepository } from './auth/refresh-tokens.repository.js';
import { TeamsRepository } from './tenancy/teams.repository.js';
import { MembershipsRepository } from './tenancy/memberships.repository.js';
import { MembersService } from './tenancy/members.service.js';
import { WorkshopController } from './maintenance/workshop.controller.js';
import { WorkshopService } from './maintenance/workshop.service.js';
import { NotificationsController } from './notifications/notifications.controller.js';
import { NotificationsRepository } from './notifications/notifications.repository.js';
import { NotificationsService } from './notifications/notifications.service.js';
import { NotificationFanout } from './notifications/notification-fanout.js';
import { MembersController } from './tenancy/members.controller.js';
import { TeamsService } from './tenancy/teams.service.js';
import { TeamsController } from './tenancy/teams.controller.js';
import { ApiKeysService } from './tenancy/api-keys.service.js';
import { ApiKeysController } from './tenancy/api-keys.controller.js';
import { AssetsRepository } from './assets/assets.repository.js';
import { AssetsService } from './assets/assets.service.js';
import { MeterReadingsService } from './assets/meter-readings.service.js';
import { MachineModelsService } from './assets/machine-models.service.js';
import { AssetsController } from './assets/assets.controller.js';
import { MachineModelsController } from './assets/machine-models.controller.js';
import { PlatformCatalogController } from './assets/platform-catalog.controller.js';
import { BookingsRepository } from './bookings/bookings.repository.js';
import { BookingsService } from './bookings/bookings.service.js';
import { MaintenanceRepository } from './maintenance/maintenance.repository.js';
import { MaintenancePlansService } from './maintenance/maintenance-plans.service.js';
import { WorkOrdersService } from './maintenance/work-orders.service.js';
import { WorkOrderTransitionsService } from './maintenance/work-order-transitions.service.js';
import { MaintenancePlansController } from './maintenance/maintenance-plans.controller.js';
import { WorkOrdersController } from './maintenance/work-orders.controller.js';
import { AnalyticsRepository } from './analytics/analytics.repository.js';
import { AnalyticsService } from './analytics/analytics.service.js';
import { AnalyticsController } from './analytics/analytics.controller.js';
import { FieldsRepository } from './jobs/fields.repository.js';
import { FieldsService } from './jobs/fields.service.js';
import { FieldsController } from './jobs/fields.controller.js';
import { JobsRepository } from './jobs/jobs.repository.js';
import { JobsService } from './jobs/jobs.service.js';
import { AssignmentsService } from './jobs/assignments.service.js';
import { AssignOptionsService } from './jobs/assign-options.service.js';
import { AssignmentsController, JobsController } from './jobs/jobs.controller.js';
import { CostsRepository } from './costs/costs.repository.js';
import { CostsService } from './costs/costs.service.js';
import { CostsController } from './costs/costs.controller.js';
import { AgentRepository } from './agent/agent.repository.js';
import { AgentService } from './agent/agent.service.js';
import { AgentController } from './agent/agent.controller.js';
import { AgentTools } from './planning/tools/agent-tools.js';
import { SkillTools } from './agent/skills/skill-tools.js';
import { SkillsRepository } from './agent/skills/skills.repository.js';
import { PlannerFactory } from './agent/planner-factory.js';
import { DraftsRepository } from './drafts/drafts.repository.js';
import { DraftsService } from './drafts/drafts.service.js';
import { DraftsController } from './drafts/drafts.controller.js';
import { ExecutionsRepository } from './executions/executions.repository.js';
import { ExecutionsService } from './executions/executions.service.js';
import { ExecutionStreams } from './executions/execution-stream.js';
import { ExecutionsController } from './executions/executions.controller.js';
import { KNOWLEDGE_CONTROLLERS, KNOWLEDGE_PROVIDERS } from './knowledge/knowledge.module.js';
import { ATTACHMENT_CONTROLLERS, ATTACHMENT_PROVIDERS } from './attachments/attachments.module.js';
import { McpController } from './mcp/mcp.controller.js';
import { McpService } from './mcp/mcp.service.js';
import { WEBHOOK_CONTROLLERS, WEBHOOK_PROVIDERS } from './integrations/webhooks/webhooks.module.js';
import { INTEGRATION_CONTROLLERS, INTEGRATION_PROVIDERS } from './integrations/index.js';
import { AGENT_MEMORY_CONTROLLERS, AGENT_MEMORY_PROVIDERS } from './agent/memory/memory.module.js';

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
        ExecutionsController,
        ...KNOWLEDGE_CONTROLLERS,
        ...ATTACHMENT_CONTROLLERS,
        McpController,
        ...WEBHOOK_CONTROLLERS,
        ...INTEGRATION_CONTROLLERS,
        ...AGENT_MEMORY_CONTROLLERS,
        NotificationsController,
        WorkshopController,
      ],
      providers: [
        ...AUDIT_PROVIDERS,
        RefreshTokensRepository,
        TokensService,
        AuthService,
        AccessRepository,
        UsersRepository,
        TeamsRepository,
        MembershipsRepository,
        MembersService,
        TeamsService,
        ApiKeysService,
        AssetsRepository,
        AssetsService,
        MeterReadingsService,
        MachineModelsService,
        BookingsRepository,
        BookingsService,
        MaintenanceRepository,
        MaintenancePlansService,
        WorkOrdersService,
        WorkOrderTransitionsService,
        AnalyticsRepository,
        AnalyticsService,
        FieldsRepository,
        FieldsService,
        JobsRepository,
        JobsService,
        AssignmentsService,
        AssignOptionsService,
        CostsRepository,
        CostsService,
        AgentRepository,
        AgentTools,
        SkillsRepository,
        SkillTools,
        PlannerFactory,
        AgentService,
        DraftsRepository,
        DraftsService,
        ExecutionsRepository,
        ExecutionsService,
        ExecutionStreams,
        ...KNOWLEDGE_PROVIDERS,
        ...ATTACHMENT_PROVIDERS,
        // also a plain provider: the MCP tools count agent runs against the same limits
        RateLimitGuard,
        McpService,
        ...WEBHOOK_PROVIDERS,
        ...INTEGRATION_PROVIDERS,
        ...AGENT_MEMORY_PROVIDERS,
        NotificationsRepository,
        NotificationsService,
        // the worker runs the fan-out; provided here too so tests and tools can call the same code
        NotificationFanout,
        WorkshopService,
        { provide: APP_GUARD, useClass: AccessGuard },
        // after the access guard (global guards run in registration order): counts per member and org
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        // order matters: idempotency (outer) stores what the contract check (inner) let through
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
        { provide: APP_INTERCEPTOR, useClass: ResponseContractInterceptor },
        // innermost: runs once the handler (and its transaction) succeeded
        { provide: APP_INTERCEPTOR, useClass: CacheInvalidationInterceptor },
      ],
    };
  }
}
