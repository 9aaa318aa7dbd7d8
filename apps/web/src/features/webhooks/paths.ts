const org = (orgId: string) => `orgs/${encodeURIComponent(orgId)}`;

/** Query keys: every key starts with ['orgs', orgId, 'webhooks'] (switching orgs never shows another org's rows). */
export const webhookKeys = {
  all: (orgId: string) => ['orgs', orgId, 'webhooks'] as const,
  list: (orgId: string) => ['orgs', orgId, 'webhooks', 'list'] as const,
  deliveries: (orgId: string, endpointId: string) => ['orgs', orgId, 'webhooks', endpointId, 'deliveries'] as const,
};

export const webhookPaths = {
  list: (orgId: string) => `${org(orgId)}/webhooks`,
  one: (orgId: string, id: string) => `${org(orgId)}/webhooks/${encodeURIComponent(id)}`,
  rotate: (orgId: string, id: string) => `${org(orgId)}/webhooks/${encodeURIComponent(id)}/rotate-secret`,
  deliveries: (orgId: string, id: string) => `${org(orgId)}/webhooks/${encodeURIComponent(id)}/deliveries`,
  redeliver: (orgId: string, id: string, deliveryId: string) =>
    `${org(orgId)}/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
};
