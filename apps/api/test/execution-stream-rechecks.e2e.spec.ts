// The live execution stream (GET /executions/:id/events) re-checks the caller's rights at every
// wake-up, as a new request would be checked. executions.e2e covers a removed membership; these
// are the other promises of execution-stream.ts: the session revoked, `draft.read` lost (role
// changed), the data scope narrowed so the draft is out of reach, and an API key revoked. Each one
// ends the stream with `event: error` carrying the envelope a new request would get.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrg, login, startApp, type Harness } from './harness.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { follow, pendingExecution } from './sse.js';

let h: Harness;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  // the streams wake up on their timer here (no worker nudges anything): every 200 ms
  h = await startApp({ EXECUTION_STREAM_POLL_MS: '200' });
});
afterAll(() => h?.close());

/** Opens a stream, checks it is live (first event, still open), runs `revoke`, expects the end with `code`. */
async function expectCutOff(
  auth: Parameters<typeof follow>[1],
  orgId: string,
  id: string,
  revoke: () => Promise<void>,
  code: string,
) {
  const s = await follow(h.base, auth, orgId, id);
  expect(s.res.status).toBe(200);
  const until = Date.now() + 10_000;
  while (s.events.length === 0 && Date.now() < until) await sleep(50);
  expect(s.events[0]).toMatchObject({ event: 'execution', data: { id, status: 'PENDING' } });
  // a few wake-ups pass with the rights intact: the stream stays open
  expect(await s.endedWithin(600)).toBe(false);
  try {
    await revoke();
    expect(await s.endedWithin(10_000)).toBe(true);
    expect(s.events.at(-1)).toMatchObject({ event: 'error', data: { error: { code } } });
    expect(s.events.filter((e) => e.event === 'error')).toHaveLength(1);
  } finally {
    s.close();
  }
}

describe('execution stream: rights re-checked at every wake-up', () => {
  it('session revoked (logout) → `event: error` TOKEN_INVALID, the stream ends', async () => {
    const org = await createOrg(h.db, 'sse');
    const id = await pendingExecution(h.db, org);
    const viewer = await login(h.base, org.users.VIEWER.email);
    await expectCutOff(
      viewer.accessToken,
      org.id,
      id,
      async () => {
        expectStatus(
          await call(h.base, 'POST', '/api/v1/auth/logout', {
            token: viewer.accessToken,
            body: { refreshToken: viewer.refreshToken },
          }),
          204,
        );
      },
      'TOKEN_INVALID',
    );
  });

  /** The viewer follows a pending execution; the owner changes the viewer's membership with `change`. */
  async function viewerChanged(change: Record<string, string>, code: string) {
    const org = await createOrg(h.db, 'sse');
    const id = await pendingExecution(h.db, org);
    const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
    const viewer = (await login(h.base, org.users.VIEWER.email)).accessToken;
    await expectCutOff(
      viewer,
      org.id,
      id,
      async () => {
        expectStatus(
          await call(h.base, 'PATCH', orgPath(org.id, `/members/${org.users.VIEWER.membershipId}`), {
            token: owner,
            body: change,
          }),
          200,
        );
      },
      code,
    );
    return { org, id, viewer };
  }

  it('`draft.read` lost (VIEWER made OPERATOR) → `event: error` FORBIDDEN', async () => {
    const { org, id, viewer } = await viewerChanged({ role: 'OPERATOR' }, 'FORBIDDEN');
    // and a new request says the same
    expectError(
      await call(h.base, 'GET', orgPath(org.id, `/executions/${id}/events`), { token: viewer }),
      403,
      'FORBIDDEN',
    );
  });

  it("data scope narrowed (ORG → TEAM: the dispatcher's draft is out of reach) → `event: error` NOT_FOUND", async () => {
    const { org, id, viewer } = await viewerChanged({ dataScope: 'TEAM' }, 'NOT_FOUND');
    expectError(await call(h.base, 'GET', orgPath(org.id, `/executions/${id}`), { token: viewer }), 404, 'NOT_FOUND');
  });

  it('API key revoked → `event: error` TOKEN_INVALID', async () => {
    const org = await createOrg(h.db, 'sse');
    const id = await pendingExecution(h.db, org);
    const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
    const minted = await call(h.base, 'POST', orgPath(org.id, '/api-keys'), {
      token: owner,
      body: { name: 'follower', scopes: ['draft.read'] },
    });
    expectStatus(minted, 201);
    await expectCutOff(
      { apiKey: minted.body.key },
      org.id,
      id,
      async () => {
        expectStatus(
          await call(h.base, 'DELETE', orgPath(org.id, `/api-keys/${minted.body.apiKey.id}`), { token: owner }),
          200,
        );
      },
      'TOKEN_INVALID',
    );
  });
});
