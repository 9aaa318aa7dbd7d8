import { NotificationChannelsController, NotificationSettingsController } from './notify.controllers.js';
import { NotifyChannelsRepository } from './notify-channels.repository.js';
import { NotifyChannelsService } from './notify-channels.service.js';
import { NotifySettingsRepository } from './notify-settings.repository.js';
import { NotifySettingsService } from './notify-settings.service.js';
import { OutboundDeliverer } from './outbound-deliverer.js';
import { OutboundPlanner } from './outbound-planner.js';
import { OutboundScan } from './outbound-scan.js';
import { OutboundScanRepository } from './outbound-scan.repository.js';
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
  OutboundScanRepository,
  OutboundScan,
];
export const OUTBOUND_API_PROVIDERS = [
  NotifySettingsRepository,
  NotifySettingsService,
  NotifyChannelsRepository,
  NotifyChannelsService,
];
