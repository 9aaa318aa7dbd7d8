import { ExportController } from './export/export.controller.js';
import { ExportLookups } from './export/export-names.js';
import { ExportLookupsRepository } from './export/export-lookups.repository.js';
import { ExportService } from './export/export.service.js';
import { InventoryExportController } from './export/inventory-export.controller.js';
import { ImportController } from './import/import.controller.js';
import { ImportStore } from './import/import-store.js';
import { ImportRepository } from './import/import.repository.js';
import { ImportService } from './import/import.service.js';

/** CSV / XLSX export and import (docs/import-export.md). Registered in app.module. */
export const INTEGRATION_CONTROLLERS = [ExportController, InventoryExportController, ImportController];
export const INTEGRATION_PROVIDERS = [
  ExportService,
  ExportLookupsRepository,
  ExportLookups,
  ImportStore,
  ImportRepository,
  ImportService,
];
