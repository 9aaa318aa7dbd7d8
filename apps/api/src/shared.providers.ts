import { ASSET_PROVIDERS } from './assets/assets.providers.js';
import { AUDIT_PROVIDERS } from './audit/audit.providers.js';
import { BOOKING_PROVIDERS } from './bookings/bookings.providers.js';
import { COST_PROVIDERS } from './costs/costs.providers.js';
import { DRAFT_PROVIDERS } from './drafts/drafts.providers.js';
import { EXECUTION_PROVIDERS } from './executions/executions.providers.js';
import { GEO_PROVIDERS } from './geo/geo.module.js';
import { INVENTORY_PROVIDERS } from './inventory/inventory.module.js';
import { JOB_PROVIDERS } from './jobs/jobs.providers.js';
import { KNOWLEDGE_PROVIDERS } from './knowledge/index.js';
import { MAINTENANCE_PROVIDERS } from './maintenance/maintenance.providers.js';
import { NOTIFICATION_PROVIDERS } from './notifications/notifications.providers.js';
import { PRESTART_PROVIDERS } from './prestart/prestart.providers.js';
import { TELEMATICS_PROVIDERS } from './telematics/telematics.providers.js';

/**
 * The features both entry points run: the API (app.module.ts) and the worker (worker/worker.module.ts)
 * compose this one list and add their own (controllers and HTTP-only services; job handlers). A
 * provider a feature needs goes into that feature's `*.providers.ts`, never into one entry point by hand.
 */
export const SHARED_PROVIDERS = [
  ...AUDIT_PROVIDERS,
  ...ASSET_PROVIDERS,
  ...BOOKING_PROVIDERS,
  ...JOB_PROVIDERS,
  ...GEO_PROVIDERS,
  ...MAINTENANCE_PROVIDERS,
  ...COST_PROVIDERS,
  ...DRAFT_PROVIDERS,
  ...EXECUTION_PROVIDERS,
  ...KNOWLEDGE_PROVIDERS,
  ...NOTIFICATION_PROVIDERS,
  ...TELEMATICS_PROVIDERS,
  ...PRESTART_PROVIDERS,
  ...INVENTORY_PROVIDERS,
];
