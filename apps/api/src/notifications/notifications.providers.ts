import { NotificationFanout } from './notification-fanout.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';
import { OUTBOUND_PROVIDERS } from './outbound/outbound.module.js';

/**
 * In-app notifications: one list for the API (app.module.ts) and the worker (worker.module.ts). The
 * worker runs the fan-out; the API provides it too so tests and tools can call the same code.
 */
export const NOTIFICATION_PROVIDERS = [
  NotificationsRepository,
  NotificationsService,
  NotificationFanout,
  // push, e-mail and group bots (notifications/outbound)
  ...OUTBOUND_PROVIDERS,
];
