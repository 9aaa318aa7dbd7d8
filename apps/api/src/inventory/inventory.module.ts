import { LedgerRepository } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';
import { PartsController, WorkOrderPartsController } from './parts.controller.js';
import { PartHistoryRepository } from './part-history.repository.js';
import { PartHistoryService } from './part-history.service.js';
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
import { PURCHASE_NEEDS } from '../planning/tools/purchase-needs.js';
import { PurchaseNeedsService } from './purchase-needs.service.js';
import { PurchasesController } from './purchases.controller.js';
import { PurchasesRepository } from './purchases.repository.js';
import { PurchasesService } from './purchases.service.js';
import { StockDemandService } from './stock-demand.service.js';
import { StockImportService } from './stock-import.service.js';

/** Parts and stock (issue #29): the API's controllers. */
export const INVENTORY_CONTROLLERS = [PartsController, WorkOrderPartsController, StockController, PurchasesController];
/**
 * The providers, for both entry points (shared.providers.ts): the worker executes PURCHASE drafts
 * (PurchasesService) and reads `stock.low` events' parts for webhooks (PartsService).
 */
export const INVENTORY_PROVIDERS = [
  StockDemandService,
  PurchasesRepository,
  PurchasesService,
  { provide: PURCHASE_NEEDS, useClass: PurchaseNeedsService },
  LedgerRepository,
  LedgerService,
  PartsRepository,
  PartsService,
  PartHistoryRepository,
  PartHistoryService,
  StockRepository,
  StockQueriesService,
  StockMovementsService,
  WorkOrderPartsService,
  StockAdminService,
  StockImportService,
  // the agent's parts hook (maintenance drafts: WAITING_FOR_PART) answered from the stock
  { provide: PARTS_AVAILABILITY, useClass: StockPartsAvailability },
];
