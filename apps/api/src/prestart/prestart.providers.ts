import { PrestartController } from './prestart.controller.js';
import { PrestartGate } from './prestart-gate.js';
import { PrestartRepository } from './prestart.repository.js';
import { PrestartService } from './prestart.service.js';

/** Pre-start checks: the gate the job start runs (API and worker), the lists and checks (API). */
export const PRESTART_PROVIDERS = [PrestartRepository, PrestartGate];
export const PRESTART_API_PROVIDERS = [PrestartService];
export const PRESTART_CONTROLLERS = [PrestartController];
