import { AssetsRepository } from './assets.repository.js';
import { MachineModelsRepository } from './machine-models.repository.js';
import { AssetsService } from './assets.service.js';
import { MachineModelsService } from './machine-models.service.js';
import { MeterReadingsService } from './meter-readings.service.js';

/** Machines, their meters and the model catalogue: one list for the API (app.module.ts) and the worker (worker.module.ts). */
export const ASSET_PROVIDERS = [
  AssetsRepository,
  MachineModelsRepository,
  AssetsService,
  MeterReadingsService,
  MachineModelsService,
];
