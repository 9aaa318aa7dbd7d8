import { CostsRepository } from './costs.repository.js';
import { CostsService } from './costs.service.js';

/** Cost documents: one list for the API (app.module.ts) and the worker (worker.module.ts). */
export const COST_PROVIDERS = [CostsRepository, CostsService];
