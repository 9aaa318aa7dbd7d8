import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../platform/config/config.js';
import { PlatformModule } from '../platform/platform.module.js';
import { AUDIT_PROVIDERS } from '../audit/audit.providers.js';
import { BookingsRepository } from '../bookings/bookings.repository.js';
import { BookingsService } from '../bookings/bookings.service.js';
import { JobsRepository } from '../jobs/jobs.repository.js';
import { AssignmentsService } from '../jobs/assignments.service.js';
import { AssignBatchRepository } from '../jobs/assign-batch.repository.js';
import { AssignmentsBatch } from '../jobs/assign-batch.service.js';
import { DraftsRepository } from '../drafts/drafts.repository.js';
import { ExecutionsRepository } from '../executions/executions.repository.js';
import { DraftExecutor } from '../executions/draft-executor.js';
import { AssetsRepository } from '../assets/assets.repository.js';
import { AssetsService } from '../assets/assets.service.js';
import { MaintenanceRepository } from '../maintenance/maintenance.repository.js';
import { WorkOrdersService } from '../maintenance/work-orders.service.js';
import { IngestRepository } from '../knowledge/ingest/ingest.repository.js';
import { Ingestor } from '../knowledge/ingest/ingestor.js';
import { EmbeddingsClient } from '../knowledge/search/embeddings.js';
import { FieldsRepository } from '../jobs/fields.repository.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MeterReadingsService } from '../assets/meter-readings.service.js';
import { CostsRepository } from '../costs/costs.repository.js';
import { CostsService } from '../costs/costs.service.js';
import { DocumentsRepository } from '../knowledge/documents.repository.js';
import { DocumentsService } from '../knowledge/documents.service.js';
import { WEBHOOK_WORKER_PROVIDERS } from '../integrations/webhooks/webhooks.module.js';
import { NotificationsRepository } from '../notifications/notifications.repository.js';
import { NotificationFanout } from '../notifications/notification-fanout.js';

/** The worker's providers: the platform plus what its job handlers call (the same services as the API). */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [PlatformModule.forRoot(config)],
      providers: [
        ...AUDIT_PROVIDERS,
        BookingsRepository,
        BookingsService,
        JobsRepository,
        AssignmentsService,
        AssignBatchRepository,
        AssignmentsBatch,
        DraftsRepository,
        ExecutionsRepository,
        DraftExecutor,
        // MAINTENANCE drafts: work orders (+ the asset status changes they may make)
        AssetsRepository,
        AssetsService,
        MaintenanceRepository,
        WorkOrdersService,
        // knowledge: document ingestion
        IngestRepository,
        Ingestor,
        EmbeddingsClient,
        // webhooks: delivery, and the GET of each event's resource for the endpoint's creator
        ...WEBHOOK_WORKER_PROVIDERS,
        FieldsRepository,
        MeterReadingsService,
        JobsService,
        CostsRepository,
        CostsService,
        DocumentsRepository,
        DocumentsService,
        // in-app notifications: one domain event → the members it concerns (read as each of them)
        NotificationsRepository,
        NotificationFanout,
      ],
    };
  }
}
