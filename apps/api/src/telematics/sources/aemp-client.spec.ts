import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAempServer, ScriptedFleet, type SimFault } from '../simulator/aemp-server.js';
import { AempClient } from './aemp-client.js';

const unit = { equipmentId: 'U-1', serialNumber: 'S-1', oemName: 'Test', model: 'T1' };
const faults: SimFault[] = [];
const server = new FakeAempServer({
  model: new ScriptedFleet([unit], new Map([[unit.equipmentId, { samples: [], faults }]])),
  username: 'u',
  secret: 's',
});
let client: AempClient;

beforeAll(async () => {
  const base = await server.listen(0, '127.0.0.1');
  client = new AempClient({
    baseUrl: base,
    auth: { kind: 'BASIC', username: 'u', password: 's' },
    timeoutMs: 5_000,
    maxAttempts: 1,
    retryBaseMs: 1,
    allowHosts: ['127.0.0.1'],
  });
});
afterAll(() => server.close());

const codes = async (from: Date, to: Date) =>
  ((await client.series(unit.equipmentId, 'FaultCodes', from, to, 5)) ?? []).flatMap((p) =>
    (p.FaultCode ?? []).map((f) => f.CodeIdentifier),
  );

describe('AempClient.series: the window sent to the endpoint', () => {
  it('covers every event up to `to`, also one earlier in the same second (the URL has whole seconds)', async () => {
    // a cycle started at .900 of a second asks up to that second's end, not its start: an event at
    // .400 of that second was once left for the next cycle (and "read now" did not show it)
    const second = Date.UTC(2026, 11, 7, 8, 30, 5);
    faults.push({ at: new Date(second + 400), code: 'E12', description: 'coolant hot' });
    expect(await codes(new Date(second - 60_000), new Date(second + 900))).toEqual(['E12']);
    // and the start is whole seconds down: the next cycle, from .900, sees it again (idempotent)
    expect(await codes(new Date(second + 900), new Date(second + 5_000))).toEqual(['E12']);
    // nothing after the window
    expect(await codes(new Date(second - 60_000), new Date(second - 1))).toEqual([]);
  });
});
