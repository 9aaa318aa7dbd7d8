import { ZListWebhookDeliveriesResponse, ZListWebhooksResponse } from '@amms/contracts/webhooks';
import { apiFetch } from '@/lib/api-client';
import { cursorListQuery } from '@/lib/cursor-list';
import { orgKey } from '@/lib/query-keys';

const org = (orgId: string) => `orgs/${encodeURIComponent(orgId)}`;

/** Query keys of the 'webhooks' family (lib/query-keys): ['orgs', orgId, 'webhooks', …]. */
export const webhookKeys = {
  all: (orgId: string) => orgKey(orgId, 'webhooks'),
  list: (orgId: string) => orgKey(orgId, 'webhooks', 'list'),
  deliveries: (orgId: string, endpointId: string) => orgKey(orgId, 'webhooks', endpointId, 'deliveries'),
};

export const webhookPaths = {
  list: (orgId: string) => `${org(orgId)}/webhooks`,
  one: (orgId: string, id: string) => `${org(orgId)}/webhooks/${encodeURIComponent(id)}`,
  rotate: (orgId: string, id: string) => `${org(orgId)}/webhooks/${encodeURIComponent(id)}/rotate-secret`,
  deliveries: (orgId: string, id: string) => `${org(orgId)}/webhooks/${encodeURIComponent(id)}/deliveries`,
  redeliver: (orgId: string, id: string, deliveryId: string) =>
    `${org(orgId)}/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
};

const page = (cursor: string | null | undefined) => (cursor ? `&cursor=${encodeURIComponent(cursor)}` : '');

/** The org's endpoints, 50 a page. */
export const webhookListQuery = (orgId: string) =>
  cursorListQuery(webhookKeys.list(orgId), (cursor, signal) =>
    apiFetch(`${webhookPaths.list(orgId)}?limit=50${page(cursor)}`, ZListWebhooksResponse, { signal }),
  );

/** One endpoint's delivery log, newest first, 20 a page. */
export const webhookDeliveriesQuery = (orgId: string, endpointId: string) =>
  cursorListQuery(webhookKeys.deliveries(orgId, endpointId), (cursor, signal) =>
    apiFetch(`${webhookPaths.deliveries(orgId, endpointId)}?limit=20${page(cursor)}`, ZListWebhookDeliveriesResponse, {
      signal,
    }),
  );
