// Quickstart: sign in with an org API key and list the org's machines.
//   AMMS_URL=http://localhost:3001 AMMS_ORG_ID=<org uuid> AMMS_API_KEY=amms_… node --experimental-strip-types examples/quickstart.ts
// (Node ≥ 22.6; or compile it with tsc.) The test in test/client.e2e.spec.ts runs this same function
// against a real API.
import { AmmsApiError, createAmmsClient, pages, unwrap } from '@amms/sdk';

export interface QuickstartOptions {
  baseUrl: string;
  orgId: string;
  apiKey: string;
  /** when given, subscribe this HTTPS endpoint to job events (the key needs `webhook.manage`) */
  webhookUrl?: string;
  log?: (line: string) => void;
}

export async function quickstart({ baseUrl, orgId, apiKey, webhookUrl, log = console.log }: QuickstartOptions) {
  // every request carries `Authorization: ApiKey amms_…`; the key acts for the member who created it
  const amms = createAmmsClient({ baseUrl, auth: { apiKey } });

  // one page (typed: the path, the query and the response all come from the OpenAPI document)
  const first = unwrap(
    await amms.GET('/api/v1/orgs/{orgId}/assets', {
      params: { path: { orgId }, query: { limit: 50, status: 'ACTIVE' } },
    }),
  );
  log(`first page: ${first.items.length} active machine(s)${first.nextCursor ? ', more to come' : ''}`);

  // or every machine, page by page (the cursor is followed until nextCursor is null)
  const machines = [];
  for await (const machine of pages((cursor) =>
    amms.GET('/api/v1/orgs/{orgId}/assets', { params: { path: { orgId }, query: { cursor } } }),
  )) {
    machines.push(machine);
    log(`${machine.name} (${machine.serialNumber}) ${machine.status}`);
  }

  // errors are the API's envelope: switch on the stable code
  try {
    unwrap(
      await amms.GET('/api/v1/orgs/{orgId}/assets/{id}', {
        params: { path: { orgId, id: '00000000-0000-4000-8000-000000000000' } },
      }),
    );
  } catch (err) {
    if (err instanceof AmmsApiError && err.code === 'NOT_FOUND') log(`no such machine (request ${err.requestId})`);
    else throw err;
  }

  // subscribe an endpoint to job events: the signing secret (whsec_…) is answered once, keep it to
  // verify deliveries (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature)
  if (webhookUrl) {
    const created = unwrap(
      await amms.POST('/api/v1/orgs/{orgId}/webhooks', {
        params: { path: { orgId } },
        body: { url: webhookUrl, eventTypes: ['job.created', 'job.completed'], description: 'quickstart' },
      }),
    );
    log(
      `subscribed ${created.endpoint.url} (${created.endpoint.eventTypes.join(', ')}); secret starts ${created.secret.slice(0, 8)}…`,
    );
  }
  return machines;
}

// run directly (not when imported by the test)
if (import.meta.url === `file://${process.argv[1]}`) {
  const env = (name: string) => process.env[name] ?? (console.error(`set ${name}`), process.exit(2));
  await quickstart({ baseUrl: env('AMMS_URL'), orgId: env('AMMS_ORG_ID'), apiKey: env('AMMS_API_KEY') });
}
