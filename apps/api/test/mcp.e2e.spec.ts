import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { permissionsOf, type TPermission } from '@amms/contracts/permissions';
import { ZCreateApiKeyResponse } from '@amms/contracts/api-keys';
import { NON_GRANTABLE_KEY_SCOPES } from '../src/tenancy/api-keys.service.js';
import { call, startApp, type Harness } from './harness.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { harvestJob, nextWeek, world, type World } from './draft-fixtures.js';
import type { ZodType } from 'zod';
import { agentTools, type AgentToolDeps } from '../src/mcp/tools/agent-tools.js';
import { readTools, type ReadToolDeps } from '../src/mcp/tools/read-tools.js';
import { inventoryTools, type InventoryToolDeps } from '../src/mcp/tools/inventory-tools.js';

/** each MCP tool's output schema, from the catalog */
const OUTPUTS = new Map(
  [
    ...readTools({} as ReadToolDeps),
    ...inventoryTools({} as InventoryToolDeps),
    ...agentTools({} as AgentToolDeps),
  ].map((t) => [t.name, t.output as ZodType]),
);

/**
 * The MCP server through the SDK's own client, over Streamable HTTP (`POST /mcp`) and over stdio
 * (the built `dist/mcp/stdio.js`, a bridge to the same endpoint): the tools are listed and each is
 * called with an org API key; another org's ids, a missing permission, a revoked key are refused;
 * every call leaves an audit row.
 */
const STDIO_JS = fileURLToPath(new URL('../dist/mcp/stdio.js', import.meta.url));
const TOOLS = [
  'analytics_summary',
  'ask_manual',
  'get_asset',
  'get_draft',
  'list_assets',
  'list_due_maintenance',
  'propose_schedule',
  'search_machine_models',
  'search_manuals',
  'search_parts',
  'stock_of',
  'troubleshoot',
];

let h: Harness;
let w: World;
let other: World;
let otherDraftId: string;
/** a part with 7 in stock in our org; a part of the other org with the same maker number */
const parts = {} as { ours: { id: string; partNumber: string; makerPartNumber: string }; theirs: { id: string } };
const keys = {} as Record<'full' | 'noAnalytics' | 'toRevoke' | 'revokeMidway', { key: string; id: string }>;

type Transport = 'http' | 'stdio';

async function connect(transport: Transport, key: string | null): Promise<Client> {
  const client = new Client({ name: 'amms-mcp-test', version: '1.0.0' });
  if (transport === 'http') {
    const headers: Record<string, string> = key ? { authorization: `ApiKey ${key}` } : {};
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', h.base), { requestInit: { headers } }));
  } else {
    const env = { ...getDefaultEnvironment(), AMMS_API_URL: h.base, ...(key ? { AMMS_API_KEY: key } : {}) };
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [STDIO_JS], env, stderr: 'pipe' }),
    );
  }
  return client;
}

async function makeKey(name: string, scopes: TPermission[]) {
  const r = await call(h.base, 'POST', orgPath(w.org.id, '/api-keys'), {
    token: w.t.OWNER,
    body: { name, scopes },
    headers: { 'idempotency-key': randomUUID() },
  });
  expectStatus(r, 201);
  const made = ZCreateApiKeyResponse.parse(r.body);
  return { key: made.key, id: made.apiKey.id };
}

async function makePart(o: World, onHand: number, makerPartNumber = `RE${randomUUID().slice(0, 6)}`) {
  const post = async (path: string, body: Record<string, unknown>) => {
    const r = await call(h.base, 'POST', orgPath(o.org.id, path), {
      token: o.t.OWNER,
      body,
      headers: { 'idempotency-key': randomUUID() },
    });
    expectStatus(r, 201);
    return r.body as { id: string; partNumber: string; makerPartNumber: string };
  };
  const part = await post('/parts', {
    partNumber: `P-${randomUUID().slice(0, 8)}`,
    makerPartNumber,
    nameZh: '机油滤清器',
    nameEn: 'Oil filter',
    category: 'FILTER',
  });
  const store = await post('/stock-locations', { name: '总库', kind: 'STORE' });
  await post('/stock-movements', {
    type: 'RECEIPT',
    partId: part.id,
    locationId: store.id,
    quantity: onHand,
    unitCostMinor: '4500',
  });
  return part;
}

const revoke = async (id: string) =>
  expectStatus(await call(h.base, 'DELETE', orgPath(w.org.id, `/api-keys/${id}`), { token: w.t.OWNER }), 200);

/** A tool's JSON result (structuredContent), failing the test on a tool error. */
async function ok(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content)}`);
  expect(JSON.parse((r.content[0] as { text: string }).text)).toEqual(r.structuredContent);
  // the catalog's output schema describes the result whole (parsing drops no key, changes no value)
  expect(OUTPUTS.get(name)?.parse(r.structuredContent)).toEqual(r.structuredContent);
  return r.structuredContent as Record<string, unknown>;
}

/** A tool error's envelope (`structuredContent.error`). */
async function refused(client: Client, name: string, args: Record<string, unknown> = {}) {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(r.isError).toBe(true);
  return (r.structuredContent as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;
}

beforeAll(async () => {
  if (!existsSync(STDIO_JS))
    throw new Error(`${STDIO_JS} is missing: build the API first (npm run build -w @amms/api)`);
  h = await startApp();
  [w, other] = await Promise.all([world(h.base, h.db, 2), world(h.base, h.db, 1)]);
  const at = nextWeek();
  await harvestJob(w, at(1, 7), at(1, 19), 2);
  const grantable = [...permissionsOf('DISPATCHER')].filter((p) => !NON_GRANTABLE_KEY_SCOPES.includes(p));
  keys.full = await makeKey('mcp full', grantable);
  keys.noAnalytics = await makeKey(
    'mcp no analytics',
    grantable.filter((p) => p !== 'analytics.read'),
  );
  keys.toRevoke = await makeKey('mcp revoked', ['asset.read']);
  keys.revokeMidway = await makeKey('mcp revoked midway', ['asset.read', 'catalog.read']);
  await revoke(keys.toRevoke.id);
  parts.ours = await makePart(w, 7);
  parts.theirs = await makePart(other, 3, parts.ours.makerPartNumber);
  otherDraftId = (
    await h.db.draft.create({
      data: { organizationId: other.org.id, kind: 'SCHEDULE', title: 'not yours', currentVersion: 1 },
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('POST /mcp: authentication', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
  const post = (headers: Record<string, string>) =>
    call(h.base, 'POST', '/mcp', {
      body: initialize,
      headers: { accept: 'application/json, text/event-stream', ...headers },
    });

  it('no key, a revoked key, a garbled key, a user token → 401 before any MCP work', async () => {
    expectError(await post({}), 401, 'UNAUTHENTICATED');
    expectError(await post({ authorization: `ApiKey ${keys.toRevoke.key}` }), 401, 'TOKEN_INVALID');
    expectError(await post({ authorization: 'ApiKey amms_nope' }), 401, 'TOKEN_INVALID');
    expectError(await post({ authorization: `Bearer ${w.t.OWNER}` }), 401, 'UNAUTHENTICATED');
  });

  it('a valid key initializes; GET and DELETE /mcp are 405 (stateless: no stream, no session)', async () => {
    const r = await post({ authorization: `ApiKey ${keys.full.key}` });
    expectStatus(r, 200);
    expect(r.body).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { serverInfo: { name: 'amms' }, capabilities: { tools: {} } },
    });
    expect(r.headers.get('mcp-session-id')).toBeNull();
    expectError(await call(h.base, 'GET', '/mcp', { apiKey: keys.full.key }), 405, 'METHOD_NOT_ALLOWED');
    expectError(await call(h.base, 'DELETE', '/mcp', { apiKey: keys.full.key }), 405, 'METHOD_NOT_ALLOWED');
  });
});

describe.each<Transport>(['http', 'stdio'])('MCP over %s with the SDK client', (transport) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(transport, keys.full.key);
  }, 60_000);
  afterAll(async () => {
    await client?.close();
  });

  it('lists the twelve tools, each with a JSON Schema for its input and the permissions it needs', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const t of tools) {
      expect(t.inputSchema.type).toBe('object');
      expect(t.description).toMatch(/Needs: [a-z]+\.[a-z]+/);
    }
    expect(tools.find((t) => t.name === 'get_asset')!.inputSchema.required).toEqual(['assetId']);
    expect(tools.find((t) => t.name === 'get_asset')!.annotations?.readOnlyHint).toBe(true);
    expect(tools.find((t) => t.name === 'propose_schedule')!.annotations?.readOnlyHint).toBe(false);
  });

  it("parts and stock: the key's org only, by our or the maker's number", async () => {
    const found = await ok(client, 'search_parts', { q: parts.ours.makerPartNumber });
    // the other org's part with the same maker number is not in the answer
    expect((found.items as { id: string }[]).map((p) => p.id)).toEqual([parts.ours.id]);
    const stock = await ok(client, 'stock_of', { partId: parts.ours.id });
    expect(stock.available).toBe(7);
    expect((stock.items as { partId: string; onHand: number }[]).map((r) => [r.partId, r.onHand])).toEqual([
      [parts.ours.id, 7],
    ]);
    const theirs = await ok(client, 'stock_of', { partId: parts.theirs.id });
    expect(theirs.items).toEqual([]);
    expect(theirs.available).toBe(0);
    expect((await refused(client, 'stock_of', {})).code).toBe('VALIDATION_FAILED');
  });

  it("catalog, machines, due maintenance: ids a client can reuse, the key's org only", async () => {
    const asset = await h.db.asset.findUniqueOrThrow({ where: { id: w.combines[0]! }, include: { model: true } });
    const models = await ok(client, 'search_machine_models', { q: asset.model.manufacturer });
    expect((models.items as { id: string }[]).map((m) => m.id)).toEqual([asset.modelId]);

    const assets = await ok(client, 'list_assets', { limit: 1 });
    expect(assets.items).toHaveLength(1);
    expect(assets.truncated).toBe(true);
    expect(typeof assets.nextCursor).toBe('string');
    const rest = await ok(client, 'list_assets', { limit: 50, cursor: assets.nextCursor });
    expect(
      [...(assets.items as { id: string }[]), ...(rest.items as { id: string }[])].map((a) => a.id).sort(),
    ).toEqual([...w.combines].sort());
    expect(rest.truncated).toBe(false);

    const one = await ok(client, 'get_asset', { assetId: asset.id });
    expect(one).toMatchObject({
      id: asset.id,
      serialNumber: asset.serialNumber,
      model: { id: asset.modelId },
      latestMeterReading: null,
    });

    const due = await ok(client, 'list_due_maintenance', {});
    expect(due).toEqual({ items: [], truncated: false });
  });

  it("another org's ids are refused like missing ones (NOT_FOUND), and nothing is written", async () => {
    // runs of the two orgs only: other test files write runs into the same database meanwhile
    const runs = () => h.db.agentRun.count({ where: { organizationId: { in: [w.org.id, other.org.id] } } });
    const runsBefore = await runs();
    expect(await refused(client, 'get_asset', { assetId: other.combines[0] })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refused(client, 'get_draft', { draftId: otherDraftId })).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      await refused(client, 'troubleshoot', { assetId: other.combines[0], symptom: '发动机水温过高' }),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(await runs()).toBe(runsBefore);
    // bad input: a typed validation error naming the field
    const bad = await refused(client, 'get_asset', { assetId: 'not-a-uuid' });
    expect(bad).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ path: 'assetId' })] });
  });

  it('manuals: search and cited answers over the knowledge base (empty here: no passages, found=false)', async () => {
    const found = await ok(client, 'search_manuals', { query: '喷头清洗', assetId: w.combines[0] });
    expect(found).toMatchObject({ items: [], truncated: false });
    const answer = await ok(client, 'ask_manual', { question: '喷头多久清洗一次？', assetId: w.combines[0] });
    expect(answer).toMatchObject({ found: false, citations: [] });
  });

  it('analytics_summary returns exactly what GET /analytics/overview returns for the key', async () => {
    const from = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const summary = await ok(client, 'analytics_summary', { from, to });
    const rest = await call(h.base, 'GET', orgPath(w.org.id, `/analytics/overview?from=${from}&to=${to}`), {
      apiKey: keys.full.key,
    });
    expectStatus(rest, 200);
    expect(summary).toEqual(rest.body);
    expect(summary).toMatchObject({ fleet: { total: 2 } });
  });

  it('propose_schedule: a draft id, its summary and the web link to confirm; get_draft reads it; no job is assigned', async () => {
    const res = await ok(client, 'propose_schedule', { goal: '安排下周的收获作业' });
    expect(res.status).toBe('COMPLETED');
    const draft = res.draft as {
      id: string;
      confirmUrl: string;
      needsConfirmation: boolean;
      counts: { jobs: number };
      jobs: { jobId: string }[];
    };
    expect(draft.confirmUrl).toBe(`http://localhost:3000/orgs/${w.org.id}/drafts/${draft.id}`);
    expect(draft.needsConfirmation).toBe(true);
    expect(draft.counts.jobs).toBe(1);
    expect(draft.jobs).toHaveLength(1);
    const run = await h.db.agentRun.findUniqueOrThrow({ where: { id: res.runId as string } });
    expect(run).toMatchObject({ organizationId: w.org.id, draftId: draft.id });
    expect(await h.db.assignment.count({ where: { organizationId: w.org.id } })).toBe(0);

    const read = await ok(client, 'get_draft', { draftId: draft.id });
    expect(read).toMatchObject({
      id: draft.id,
      kind: 'SCHEDULE',
      status: 'OPEN',
      runId: res.runId,
      confirmUrl: draft.confirmUrl,
      counts: { jobs: 1 },
      truncated: false,
    });
  });

  it("troubleshoot starts an agent run for the asset and symptom in the key's org and writes no business rows", async () => {
    const before = {
      workOrders: await h.db.workOrder.count({ where: { organizationId: w.org.id } }),
      assignments: await h.db.assignment.count({ where: { organizationId: w.org.id } }),
    };
    const res = await ok(client, 'troubleshoot', { assetId: w.combines[0], symptom: '发动机水温过高' });
    // the diagnose skill: a MAINTENANCE draft with a CORRECTIVE work order for that machine, to be
    // confirmed by a person (confirmUrl); nothing written before
    expect(res, JSON.stringify(res).slice(0, 600)).toMatchObject({ status: 'COMPLETED' });
    const offered = res.draft as { id: string };
    expect(offered).toMatchObject({
      id: expect.any(String),
      needsConfirmation: true,
      confirmUrl: expect.stringContaining(offered.id),
    });
    const draft = await h.db.draft.findUniqueOrThrow({ where: { id: offered.id } });
    expect(draft.kind).toBe('MAINTENANCE');
    const version = await h.db.draftVersion.findFirstOrThrow({ where: { draftId: draft.id } });
    expect(JSON.stringify(version.items)).toContain(w.combines[0]);
    expect(JSON.stringify(version.items)).toContain('CORRECTIVE');
    expect(res.goal).toContain('发动机水温过高');
    const run = await h.db.agentRun.findUniqueOrThrow({ where: { id: res.runId as string } });
    expect(run.organizationId).toBe(w.org.id);
    expect(run.goal).toBe(res.goal);
    expect(await h.db.workOrder.count({ where: { organizationId: w.org.id } })).toBe(before.workOrders);
    expect(await h.db.assignment.count({ where: { organizationId: w.org.id } })).toBe(before.assignments);
  });

  it('a tool the key lacks → a typed error naming the missing permission, audited as refused', async () => {
    const narrow = await connect(transport, keys.noAnalytics.key);
    try {
      const err = await refused(narrow, 'analytics_summary', {});
      expect(err).toMatchObject({
        code: 'FORBIDDEN',
        details: { required: 'analytics.read', missing: ['analytics.read'] },
      });
      expect(err.message).toContain('analytics.read');
      // the same key still reaches what it holds
      expect((await ok(narrow, 'list_assets', {})).items).toHaveLength(2);
    } finally {
      await narrow.close();
    }
    const audit = await h.db.auditEvent.findMany({
      where: { organizationId: w.org.id, action: 'mcp.tool_called', actorApiKeyId: keys.noAnalytics.id },
      orderBy: { seq: 'desc' },
      take: 2,
    });
    expect(audit.map((e) => (e.data as { tool: string; outcome: string }).outcome).sort()).toEqual(['ok', 'refused']);
    expect(audit.find((e) => (e.data as { outcome: string }).outcome === 'refused')).toMatchObject({
      entityType: 'api_key',
      entityId: keys.noAnalytics.id,
      actorType: 'API_KEY',
      data: expect.objectContaining({ tool: 'analytics_summary', code: 'FORBIDDEN' }),
    });
  });

  it('a revoked key is refused at connect, and a key revoked mid-session at its next call', async () => {
    await expect(connect(transport, keys.toRevoke.key)).rejects.toThrow(/401|TOKEN_INVALID/);
    const c = await connect(transport, keys.revokeMidway.key);
    try {
      expect((await ok(c, 'list_assets', {})).items).toHaveLength(2);
      await revoke(keys.revokeMidway.id);
      await expect(c.callTool({ name: 'list_assets', arguments: {} })).rejects.toThrow(/401|TOKEN_INVALID/);
    } finally {
      await c.close();
      // the next transport gets a fresh key to revoke midway
      keys.revokeMidway = await makeKey('mcp revoked midway', ['asset.read', 'catalog.read']);
    }
  });
});

describe("the key's data scope", () => {
  it("a TEAM key lists and reads its team's machines only; its analytics are the TEAM figures of GET /analytics/overview", async () => {
    const team = await call(h.base, 'POST', orgPath(w.org.id, '/teams'), {
      token: w.t.OWNER,
      body: { name: `mcp-${randomUUID().slice(0, 6)}` },
      headers: { 'idempotency-key': randomUUID() },
    });
    expectStatus(team, 201);
    const teamId = team.body.id as string;
    const moved = await call(h.base, 'PATCH', orgPath(w.org.id, `/assets/${w.combines[0]}`), {
      token: w.t.OWNER,
      body: { teamId, version: (await h.db.asset.findUniqueOrThrow({ where: { id: w.combines[0]! } })).version },
    });
    expectStatus(moved, 200);
    const r = await call(h.base, 'POST', orgPath(w.org.id, '/api-keys'), {
      token: w.t.OWNER,
      body: { name: 'mcp team', scopes: ['asset.read', 'analytics.read'], dataScope: 'TEAM', teamIds: [teamId] },
      headers: { 'idempotency-key': randomUUID() },
    });
    expectStatus(r, 201);
    const teamKey = ZCreateApiKeyResponse.parse(r.body).key;
    const client = await connect('http', teamKey);
    try {
      expect(((await ok(client, 'list_assets', {})).items as { id: string }[]).map((a) => a.id)).toEqual([
        w.combines[0],
      ]);
      expect(await refused(client, 'get_asset', { assetId: w.combines[1] })).toMatchObject({ code: 'NOT_FOUND' });
      const summary = await ok(client, 'analytics_summary', {});
      const rest = await call(h.base, 'GET', orgPath(w.org.id, '/analytics/overview'), { apiKey: teamKey });
      expectStatus(rest, 200);
      expect(summary).toEqual(rest.body);
      expect(summary).toMatchObject({ fleet: { total: 1 } });
    } finally {
      await client.close();
    }
  });
});

describe('limits', () => {
  it('the run-starting tools count against agent.run like POST /agent/runs: over it, RATE_LIMITED and no run', async () => {
    const strict = await startApp({ RATE_LIMIT_AGENT_RUN_PER_MEMBER: '1' });
    const client = new Client({ name: 'amms-mcp-test', version: '1.0.0' });
    try {
      const key = await makeKey('mcp one run', ['agent.run', 'asset.read', 'job.read', 'field.read', 'member.read']);
      await client.connect(
        new StreamableHTTPClientTransport(new URL('/mcp', strict.base), {
          requestInit: { headers: { authorization: `ApiKey ${key.key}` } },
        }),
      );
      await ok(client, 'troubleshoot', { assetId: w.combines[1], symptom: 'E12' });
      const runs = await h.db.agentRun.count({ where: { organizationId: w.org.id } });
      expect(await refused(client, 'propose_schedule', { goal: '安排下周的收获作业' })).toMatchObject({
        code: 'RATE_LIMITED',
        details: { limit: 'agent.run', per: 'member' },
      });
      expect(await h.db.agentRun.count({ where: { organizationId: w.org.id } })).toBe(runs);
    } finally {
      await client.close();
      await strict.close();
    }
  }, 60_000);
});

describe('audit', () => {
  it("every call of the full key is in the org's audit chain with the tool and its outcome", async () => {
    const events = await h.db.auditEvent.findMany({
      where: { organizationId: w.org.id, action: 'mcp.tool_called', actorApiKeyId: keys.full.id },
    });
    const byTool = new Map<string, string[]>();
    for (const e of events) {
      const d = e.data as { tool: string; outcome: string };
      byTool.set(d.tool, [...(byTool.get(d.tool) ?? []), d.outcome]);
    }
    // every tool was called over both transports, ok at least once each
    expect([...byTool.keys()].sort()).toEqual(TOOLS);
    for (const t of TOOLS) expect(byTool.get(t)).toContain('ok');
    expect(byTool.get('get_asset')).toEqual(expect.arrayContaining(['refused', 'invalid']));
    const verify = await call(h.base, 'GET', orgPath(w.org.id, '/audit-events/verify'), { token: w.t.OWNER });
    expectStatus(verify, 200);
    expect(verify.body).toMatchObject({ ok: true });
  });
});
