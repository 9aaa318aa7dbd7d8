import {
  ZListWebhookDeliveriesResponse,
  ZListWebhooksResponse,
  type TListWebhookDeliveriesResponse,
} from '@amms/contracts/webhooks';
import type { InfiniteData } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { cursorListQuery, pageItems } from '@/lib/cursor-list';
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

/** A delivery still waiting for its outcome (sent soon, or retried later). */
export const deliveriesInFlight = (data: InfiniteData<TListWebhookDeliveriesResponse, unknown> | undefined) =>
  pageItems(data).some((d) => d.status === 'PENDING' || d.status === 'RETRYING');

/**
 * One endpoint's delivery log, newest first, 20 a page. While a delivery is under way the open log asks again
 * every 3 s, so "waiting" turns into its outcome without a reload (the worker sends moments after the change).
 */
export const webhookDeliveriesQuery = (orgId: string, endpointId: string) => ({
  ...cursorListQuery(webhookKeys.deliveries(orgId, endpointId), (cursor, signal) =>
    apiFetch(`${webhookPaths.deliveries(orgId, endpointId)}?limit=20${page(cursor)}`, ZListWebhookDeliveriesResponse, {
      signal,
    }),
  ),
  refetchInterval: (query: { state: { data: InfiniteData<TListWebhookDeliveriesResponse, unknown> | undefined } }) =>
    deliveriesInFlight(query.state.data) ? 3_000 : false,
});
