import { NotificationChannelsController, NotificationSettingsController } from './notify.controllers.js';
import { NotifyChannelsService } from './notify-channels.service.js';
import { NotifySettingsService } from './notify-settings.service.js';
import { OutboundDeliverer } from './outbound-deliverer.js';
import { OutboundPlanner } from './outbound-planner.js';
import { OutboundScan } from './outbound-scan.js';
import { OutboundSources } from './outbound-sources.js';
import { OutboundRepository } from './outbound.repository.js';

/**
 * Notifications outside the app (issue #31). Shared by the API and the worker (the in-app fan-out
 * calls the sources; the worker runs the deliverer and the scan; tests call them in the API too).
 */
export const OUTBOUND_CONTROLLERS = [NotificationSettingsController, NotificationChannelsController];
export const OUTBOUND_PROVIDERS = [
  OutboundRepository,
  OutboundPlanner,
  OutboundSources,
  OutboundDeliverer,
  OutboundScan,
];
export const OUTBOUND_API_PROVIDERS = [NotifySettingsService, NotifyChannelsService];
