import { WebhookDeliverer } from './webhook-deliverer.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { WebhookResources } from './webhook-resources.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

/** The webhooks context's HTTP side (the worker adds WEBHOOK_WORKER_PROVIDERS, see worker.module.ts). */
export const WEBHOOK_CONTROLLERS = [WebhooksController];
export const WEBHOOK_PROVIDERS = [WebhooksRepository, WebhooksService];
export const WEBHOOK_WORKER_PROVIDERS = [WebhookResources, WebhookDeliveriesRepository, WebhookDeliverer];
