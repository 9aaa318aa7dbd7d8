import { LedgerRepository } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';
import { PartsController, WorkOrderPartsController } from './parts.controller.js';
import { PartsRepository } from './parts.repository.js';
import { PartsService } from './parts.service.js';
import { StockAdminService } from './stock-admin.service.js';
import { StockController } from './stock.controller.js';
import { StockMovementsService } from './stock-movements.service.js';
import { StockQueriesService } from './stock-queries.service.js';
import { StockRepository } from './stock.repository.js';
import { WorkOrderPartsService } from './work-order-parts.service.js';
import { StockPartsAvailability } from './stock-availability.js';
import { PARTS_AVAILABILITY } from '../planning/tools/parts-availability.js';

/** Parts and stock (issue #29): the API's controllers and providers. */
export const INVENTORY_CONTROLLERS = [PartsController, WorkOrderPartsController, StockController];
export const INVENTORY_PROVIDERS = [
  LedgerRepository,
  LedgerService,
  PartsRepository,
  PartsService,
  StockRepository,
  StockQueriesService,
  StockMovementsService,
  WorkOrderPartsService,
  StockAdminService,
  // the agent's parts hook (maintenance drafts: WAITING_FOR_PART) answered from the stock
  { provide: PARTS_AVAILABILITY, useClass: StockPartsAvailability },
];
