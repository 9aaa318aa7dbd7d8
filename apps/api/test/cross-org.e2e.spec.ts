// Tenancy, generated from the route list (test/routes.ts, the same list as the route snapshot):
// every org route, every method, is called by org A's owner (all permissions)
//   1. on org B's path with B's real ids → 404 (A is not a member of B), and
//   2. on A's own path with B's real ids → 404 (the row is not A's), never 200 / 500;
// with nothing of B changed. A new org route fails here until it has an id kind for each of its
// path parameters (ID_KINDS) and, if it takes a body, a valid body (BODIES): so it cannot forget it.
import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call, createOrg, login, type TestOrg } from './harness.js';
import { appForFile, tag } from './support/world.js';
import { expectStatus, orgPath } from './assertions.js';
import { discoverRoutes, type Route } from './routes.js';
import { pendingExecution } from './sse.js';

const h = appForFile();

type Ids = Record<string, string>;

/** Which of B's rows a path parameter names: the collection segment in front of it. */
const ID_KINDS: Record<string, string> = {
  'agent/conversations/:id': 'conversation',
  'agent/runs/:id': 'run',
  'agent/runs/:runId': 'run',
  'agent/preferences/:id': 'preference',
  'api-keys/:id': 'apiKey',
  'assets/:id': 'asset',
  'cost-documents/:id': 'costDocument',
  'drafts/:id': 'draft',
  'executions/:id': 'execution',
  'fields/:id': 'field',
  'jobs/:id': 'job',
  'machine-models/:id': 'model',
  'maintenance-plans/:id': 'plan',
  'members/:id': 'member',
  'leave/:leaveId': 'leave',
  'teams/:id': 'team',
  'work-orders/:id': 'workOrder',
  'checklist/:itemId': 'checklistItem',
  'meter-readings/:readingId': 'meterReading',
  'documents/:id': 'document',
  'versions/:versionId': 'documentVersion',
  'pages/:page': 'page',
  'webhooks/:id': 'webhook',
  'deliveries/:deliveryId': 'webhookDelivery',
  'previews/:id': 'importPreview',
  'notifications/:id': 'notification',
  'attachments/:id': 'attachment',
  'notification-channels/:id': 'notificationChannel',
  'parts/:id': 'part',
  'stock-counts/:id': 'stockCount',
  'stock-write-offs/:id': 'writeOff',
  'purchases/:costDocumentId': 'purchase',
  'telematics/sources/:id': 'telematicsSource',
  'telematics/unmatched/:id': 'telematicsUnit',
};

const later = (h2: number) => new Date(Date.now() + 7 * 86_400_000 + h2 * 3_600_000).toISOString();

/** A body the route's schema accepts (so the request reaches the lookup), for every org route with :id that takes one. */
const BODIES: Record<string, (b: Ids) => unknown> = {
  'POST agent/runs/:runId/feedback': () => ({ rating: 'DOWN' }),
  'PATCH assets/:id': () => ({ version: 1, name: 'pwned' }),
  'POST assets/:id/meter-readings': () => ({ readingHours: 10 }),
  'POST assets/:id/meter-readings/:readingId/void': () => ({ reason: 'pwned' }),
  'PATCH documents/:id': () => ({ title: 'pwned' }),
  // multipart in real life; a JSON body must still meet the 404 before anything is read
  'POST documents/:id/versions': () => ({}),
  'POST work-orders/:id/attachments': () => ({}),
  'POST cost-documents/:id/attachments': () => ({}),
  'PATCH cost-documents/:id': () => ({ version: 1, supplier: 'pwned' }),
  'POST cost-documents/:id/approve': () => ({}),
  'POST cost-documents/:id/reject': () => ({ reason: 'pwned' }),
  'POST cost-documents/:id/reopen': () => ({}),
  'POST cost-documents/:id/submit': () => ({}),
  'POST drafts/:id/confirm': () => ({ version: 1, contentHash: 'a'.repeat(64) }),
  'POST drafts/:id/execute': () => ({ version: 1 }),
  'POST drafts/:id/reject': () => ({ reason: 'pwned' }),
  'POST drafts/:id/versions': () => ({ basedOnVersion: 1, items: [] }),
  'PATCH fields/:id': () => ({ version: 1, name: 'pwned' }),
  'PUT fields/:id/boundary': () => ({
    boundary: {
      type: 'Polygon',
      coordinates: [
        [
          [118.3, 33.3],
          [118.31, 33.3],
          [118.31, 33.31],
          [118.3, 33.3],
        ],
      ],
    },
  }),
  'PATCH jobs/:id': () => ({ version: 1, operationType: 'TILLAGE' }),
  'POST jobs/:id/assign': (b) => ({
    primaryAssetId: b.asset,
    operatorMembershipId: b.member,
    startsAt: later(1),
    endsAt: later(2),
  }),
  'POST jobs/:id/cancel': () => ({ reason: 'pwned' }),
  'POST jobs/:id/complete': () => ({ areaDoneHa: 1, actualHours: 1 }),
  'POST jobs/:id/start': () => ({}),
  'POST jobs/:id/prestart-checks': () => ({ answers: [{ itemId: randomUUID(), result: 'OK' }] }),
  'POST jobs/:id/unassign': () => ({}),
  'PATCH machine-models/:id': () => ({ expectedUpdatedAt: new Date().toISOString(), name: 'pwned' }),
  'PATCH maintenance-plans/:id': () => ({ version: 1, name: 'pwned' }),
  'PATCH members/:id': () => ({ role: 'ADMIN' }),
  'POST members/:id/password-reset': () => undefined,
  'PUT members/:id/planning': () => ({ maxDailyHours: 6, qualifications: [{ code: 'COMBINE' }] }),
  'POST members/:id/leave': () => ({ startsAt: later(0), endsAt: later(24) }),
  'PATCH teams/:id': () => ({ name: 'pwned' }),
  'PATCH work-orders/:id': () => ({ version: 1, title: 'pwned' }),
  'PATCH work-orders/:id/checklist/:itemId': () => ({ result: 'PASS' }),
  'POST work-orders/:id/accept': () => ({}),
  'POST work-orders/:id/cancel': () => ({ reason: 'pwned' }),
  'POST work-orders/:id/parts': () => ({ name: 'pwned', quantity: 1, unitCostMinor: '100' }),
  'POST work-orders/:id/cost-document': () => ({}),
  'POST notifications/:id/read': () => ({}),
  'POST work-orders/:id/reject': () => ({ reason: 'pwned' }),
  'POST work-orders/:id/start': () => ({}),
  'POST work-orders/:id/submit': () => ({}),
  'PATCH webhooks/:id': () => ({ version: 1, description: 'pwned' }),
  'POST webhooks/:id/rotate-secret': () => ({}),
  'POST webhooks/:id/deliveries/:deliveryId/redeliver': () => ({}),
  'PATCH notification-channels/:id': () => ({ version: 1, name: 'pwned', enabled: false }),
  'POST notification-channels/:id/test': () => ({}),
  'PATCH telematics/sources/:id': () => ({ version: 1, name: 'pwned' }),
  'POST telematics/sources/:id/poll': () => ({}),
  'POST telematics/unmatched/:id/link': (b) => ({ assetId: b.asset }),
  'POST imports/assets/previews/:id/commit': () => ({}),
  'POST imports/fields/previews/:id/commit': () => ({}),
  'POST imports/jobs/previews/:id/commit': () => ({}),
  'POST imports/boundaries/previews/:id/commit': () => ({}),
  'POST imports/parts/previews/:id/commit': () => ({}),
  'POST imports/stock/previews/:id/commit': () => ({}),
  'PATCH parts/:id': () => ({ version: 1, nameZh: 'pwned' }),
  'POST stock-counts/:id/confirm': () => ({}),
  'POST stock-write-offs/:id/approve': () => ({}),
  'POST stock-write-offs/:id/reject': () => ({}),
  'POST purchases/:costDocumentId/receipts': () => ({}),
  'POST work-orders/:id/stock-parts': (b) => ({
    action: 'RESERVE',
    partId: b.part,
    locationId: b.location,
    quantity: 1,
  }),
};

/** One of every kind of row in `org`, created the way users create them (the API), plus a draft and an execution. */
async function fixtures(org: TestOrg): Promise<Ids> {
  const token = (await login(h.base, org.users.OWNER.email)).accessToken;
  const post = async (rest: string, body: unknown) => {
    const r = await call(h.base, 'POST', orgPath(org.id, rest), { token, body });
    expectStatus(r, 201);
    return r.body;
  };
  const model = await post('/machine-models', {
    manufacturer: `Mfr-${tag()}`,
    name: 'X1',
    kind: 'POWER_UNIT',
    operationTypes: ['TILLAGE'],
  });
  const team = await post('/teams', { name: `team-${tag()}` });
  const asset = await post('/assets', { modelId: model.id, name: `T ${tag()}`, serialNumber: `SN-${tag()}` });
  const field = await post('/fields', { name: `F ${tag()}`, areaHa: 5 });
  const job = await post('/jobs', {
    fieldId: field.id,
    operationType: 'TILLAGE',
    estimatedHours: 2,
    windowStart: later(0),
    windowEnd: later(48),
  });
  const plan = await post('/maintenance-plans', {
    assetId: asset.id,
    name: `P ${tag()}`,
    intervalDays: 30,
    checklist: [{ label: 'Oil' }],
  });
  const wo = await post('/work-orders', {
    type: 'PREVENTIVE',
    assetId: asset.id,
    planId: plan.id,
    title: `WO ${tag()}`,
  });
  const cost = await post('/cost-documents', {
    category: 'FUEL',
    documentDate: '2026-11-01',
    lines: [{ description: 'diesel', quantity: 10, unitPriceMinor: '700' }],
  });
  const key = await post('/api-keys', { name: `k-${tag()}`, scopes: ['member.read'] });
  const run = await post('/agent/runs', { goal: '下周安排翻地' });
  // a saved agent preference of the OWNER ("remember …" statement)
  await post('/agent/runs', { goal: '记住：以后周日不排作业' });
  const preference = await h.db.agentPreference.findFirstOrThrow({ where: { organizationId: org.id } });
  const reading = await post(`/assets/${asset.id}/meter-readings`, { readingHours: 12 });
  // a manual of the org's own library, written as ingestion leaves one (READY, one page)
  const document = await h.db.document.create({
    data: { organizationId: org.id, title: `Manual ${tag()}`, language: 'zh' },
  });
  const version = await h.db.documentVersion.create({
    data: {
      organizationId: org.id,
      documentId: document.id,
      versionNumber: 1,
      status: 'READY',
      fileName: 'm.pdf',
      sizeBytes: 1000,
      sha256: createHash('sha256').update(document.id).digest('hex'),
      pageCount: 1,
      readyAt: new Date(),
    },
  });
  await h.db.document.update({ where: { id: document.id }, data: { currentVersionId: version.id } });
  // a public IP literal: passes the SSRF check without DNS; the delivery row is written directly
  const webhook = await post('/webhooks', { url: 'https://93.184.215.14/amms', eventTypes: ['job.created'] });
  const notificationChannel = await h.db.notificationChannel.create({
    data: {
      organizationId: org.id,
      kind: 'DINGTALK',
      name: 'B group',
      url: 'https://93.184.215.14/robot/send?access_token=b',
      secret: 'SECb',
      events: ['MACHINE_DOWN'],
      createdByMembershipId: org.users.OWNER.membershipId,
    },
  });
  const whEvent = await h.db.webhookEvent.create({
    data: { organizationId: org.id, type: 'job.created', resourceType: 'job', resourceId: job.id },
  });
  const whDelivery = await h.db.webhookDelivery.create({
    data: {
      organizationId: org.id,
      endpointId: webhook.endpoint.id,
      eventId: whEvent.id,
      status: 'SUCCEEDED',
      attempts: 1,
    },
  });
  // a telematics source (a public IP literal: no DNS) and a unit it reported, written as a poll leaves it
  const source = await post('/telematics/sources', {
    name: `AEMP ${tag()}`,
    baseUrl: 'https://93.184.215.14/aemp',
    authKind: 'BASIC',
    username: 'fleet',
    secret: 'fleet-secret',
  });
  const telematicsUnit = await h.db.telematicsEquipment.create({
    data: { organizationId: org.id, sourceId: source.id, equipmentKey: `EQ-${tag()}`, lastSeenAt: new Date() },
  });
  // an import preview (multipart upload of a field file), committed by id
  const form = new FormData();
  form.append('file', new Blob([`name,areaHa\r\nImported ${tag()},3\r\n`]), 'fields.csv');
  const uploaded = await fetch(`${h.base}${orgPath(org.id, '/imports/fields/previews')}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const importPreview = ((await uploaded.json()) as { id: string }).id;
  // an in-app notification of B's owner (written by the worker's fan-out in real life)
  const notification = await h.db.notification.create({
    data: {
      organizationId: org.id,
      recipientMembershipId: org.users.OWNER.membershipId,
      eventId: whEvent.id,
      type: 'work_order.submitted',
      resourceType: 'work_order',
      resourceId: wo.id,
      reason: 'ACCEPTOR',
    },
  });
  // a photo on the work order (multipart upload)
  const photo = new FormData();
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  photo.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
  const attached = await fetch(`${h.base}${orgPath(org.id, `/work-orders/${wo.id}/attachments`)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: photo,
  });
  expect(attached.status).toBe(201);
  const attachment = ((await attached.json()) as { id: string }).id;
  // parts and stock: a part with stock in a location, an open count, a write-off waiting for approval
  const part = await post('/parts', { partNumber: `P-${tag()}`, nameZh: '滤芯', category: 'FILTER' });
  const location = await post('/stock-locations', { name: `Store ${tag()}` });
  await post('/stock-movements', {
    type: 'RECEIPT',
    partId: part.id,
    locationId: location.id,
    quantity: 5,
    unitCostMinor: '100',
  });
  const stockCount = await post('/stock-counts', { locationId: location.id, lines: [{ partId: part.id, counted: 4 }] });
  const writeOff = await h.db.stockWriteOff.create({
    data: {
      organizationId: org.id,
      partId: part.id,
      locationId: location.id,
      quantity: '1',
      valueMinor: 100n,
      reason: 'broken',
      requestedByUserId: org.users.ADMIN.id,
    },
  });
  // a purchase (an executed PURCHASE draft): its submitted PARTS cost document and a line to receive
  const purchaseDoc = await h.db.costDocument.create({
    data: {
      organizationId: org.id,
      number: 90_000 + Math.floor(Math.random() * 9_000),
      category: 'PARTS',
      documentDate: new Date(),
      status: 'SUBMITTED',
      totalMinor: 500n,
    },
  });
  const purchase = await h.db.purchase.create({
    data: { organizationId: org.id, draftId: randomUUID(), supplierKey: 'none', costDocumentId: purchaseDoc.id },
  });
  await h.db.purchaseLine.create({
    data: {
      organizationId: org.id,
      purchaseId: purchase.id,
      position: 1,
      itemKey: 'k',
      partId: part.id,
      locationId: location.id,
      quantity: '5',
      unitCostMinor: 100n,
    },
  });
  const leave = await h.db.memberLeave.create({
    data: {
      organizationId: org.id,
      membershipId: org.users.VIEWER.membershipId,
      startsAt: new Date(later(0)),
      endsAt: new Date(later(24)),
    },
  });
  const execution = await pendingExecution(h.db, org);
  const draft = (await h.db.execution.findUniqueOrThrow({ where: { id: execution } })).draftId;
  return {
    conversation: run.conversationId,
    run: run.id,
    preference: preference.id,
    apiKey: key.apiKey.id,
    asset: asset.id,
    costDocument: cost.id,
    draft,
    execution,
    field: field.id,
    job: job.id,
    model: model.id,
    plan: plan.id,
    member: org.users.VIEWER.membershipId,
    team: team.id,
    workOrder: wo.id,
    checklistItem: wo.checklist[0].id,
    meterReading: reading.id,
    document: document.id,
    documentVersion: version.id,
    page: '1',
    webhook: webhook.endpoint.id,
    webhookDelivery: whDelivery.id,
    notificationChannel: notificationChannel.id,
    importPreview,
    notification: notification.id,
    attachment,
    part: part.id,
    location: location.id,
    stockCount: stockCount.id,
    writeOff: writeOff.id,
    purchase: purchaseDoc.id,
    telematicsSource: source.id,
    telematicsUnit: telematicsUnit.id,
    leave: leave.id,
  };
}

const rest = (route: Route) => route.path.replace(/^\/api\/v1\/orgs\/:orgId\/?/, '');

/** The route's path with `orgId` and B's ids; throws (fails the test) for a parameter with no id kind. */
function urlFor(route: Route, orgId: string, ids: Ids): string {
  const r = rest(route);
  const filled = r.replace(/([a-z-]+(?:\/[a-z-]+)?)\/:(\w+)/g, (whole: string, before: string, param: string) => {
    const last = before.split('/').at(-1)!;
    const kind = ID_KINDS[`${before}/:${param}`] ?? ID_KINDS[`${last}/:${param}`];
    if (!kind)
      throw new Error(`${route.method} ${route.path}: no id kind for :${param} after "${before}": add it to ID_KINDS`);
    return `${before}/${ids[kind]}`;
  });
  return orgPath(orgId, filled ? `/${filled}` : '');
}

function bodyFor(route: Route, ids: Ids): unknown {
  if (route.method !== 'POST' && route.method !== 'PATCH' && route.method !== 'PUT') return undefined;
  const key = `${route.method} ${rest(route)}`;
  const make = BODIES[key];
  if (make) return make(ids);
  if (!/:\w+/.test(rest(route))) return {}; // creates and lists: no B id in the path (checked for "no 500" and no B data)
  throw new Error(`${key}: no body in BODIES: add a body the schema accepts`);
}

describe('every org route against another org (generated from the route list)', () => {
  it("A's owner on B's path with B's ids → 404; on A's path with B's ids → 404; nothing of B changes", async () => {
    const a = await createOrg(h.db, 'xa');
    const b = await createOrg(h.db, 'xb');
    const ids = await fixtures(b);
    const ownerA = (await login(h.base, a.users.OWNER.email)).accessToken;
    const routes = discoverRoutes(h.app).filter((r) => r.path.startsWith('/api/v1/orgs/:orgId'));
    expect(routes.length).toBeGreaterThan(60);
    for (const must of [
      'POST /api/v1/orgs/:orgId/drafts/:id/versions',
      'POST /api/v1/orgs/:orgId/drafts/:id/reject',
      'GET /api/v1/orgs/:orgId/executions/:id/events',
    ]) {
      expect(routes.map((r) => `${r.method} ${r.path}`)).toContain(must);
    }
    const snapshotOfB = async () => ({
      audit: await h.db.auditEvent.count({ where: { organizationId: b.id } }),
      rows: JSON.stringify(
        [
          await h.db.asset.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.job.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.workOrder.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.costDocument.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.membership.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.draft.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.apiKey.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.document.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.documentVersion.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.meterReading.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.webhookEndpoint.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.webhookDelivery.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.notification.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.attachment.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.notificationChannel.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.notificationDelivery.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.part.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.stockBalance.findMany({ where: { organizationId: b.id }, orderBy: { partId: 'asc' } }),
          await h.db.stockMovement.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.stockReservation.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.stockCount.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.stockWriteOff.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.purchaseLine.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.telematicsSource.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.telematicsEquipment.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.memberLeave.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
          await h.db.memberQualification.findMany({ where: { organizationId: b.id }, orderBy: { id: 'asc' } }),
        ],
        (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v),
      ),
    });
    const before = await snapshotOfB();
    const bIds = Object.values(ids).filter((id) => id.length > 8); // ids, not the page number
    const failures: string[] = [];
    for (const route of routes) {
      const hasId = /:\w+/.test(rest(route));
      const headers = route.idempotent ? { 'idempotency-key': randomUUID() } : undefined;
      const body = bodyFor(route, ids);
      // 1. B's path: A is not a member → 404 whatever the route
      const onB = await call(h.base, route.method, urlFor(route, b.id, ids), { token: ownerA, body, headers });
      if (onB.status !== 404 || onB.body?.error?.code !== 'NOT_FOUND')
        failures.push(
          `B's path ${route.method} ${route.path}: ${onB.status} ${JSON.stringify(onB.body).slice(0, 200)}`,
        );
      // 2. A's path, B's ids: a row of another org is a missing row
      const onA = await call(h.base, route.method, urlFor(route, a.id, ids), { token: ownerA, body, headers });
      const leaked = bIds.filter((id) => JSON.stringify(onA.body ?? '').includes(id));
      if (hasId ? onA.status !== 404 : onA.status >= 500)
        failures.push(
          `A's path, B's ids ${route.method} ${route.path}: ${onA.status} ${JSON.stringify(onA.body).slice(0, 200)}`,
        );
      else if (onA.status < 300 && leaked.length > 0)
        failures.push(`A's path ${route.method} ${route.path}: answer names B's rows ${leaked.join(', ')}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshotOfB()).toEqual(before);
  }, 300_000);
});
