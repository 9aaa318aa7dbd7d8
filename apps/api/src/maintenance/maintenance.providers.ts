import { MaintenancePlansRepository } from './maintenance-plans.repository.js';
import { MaintenancePlansService } from './maintenance-plans.service.js';
import { MaintenanceRepository } from './maintenance.repository.js';
import { WorkOrderTransitionsService } from './work-order-transitions.service.js';
import { WorkOrdersService } from './work-orders.service.js';
import { WorkshopService } from './workshop.service.js';

/** Plans, work orders and the workshop: one list for the API (app.module.ts) and the worker (worker.module.ts). */
export const MAINTENANCE_PROVIDERS = [
  MaintenanceRepository,
  MaintenancePlansRepository,
  MaintenancePlansService,
  WorkOrdersService,
  WorkOrderTransitionsService,
  WorkshopService,
];
