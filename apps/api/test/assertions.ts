import { expect } from 'vitest';
import { ZErrorEnvelope } from '@amms/contracts/errors';
import type { TRole } from '@amms/contracts/permissions';
import { ZListMachineModelsResponse, type TMachineModel } from '@amms/contracts/assets';
import { call, login, type Res, type TestOrg } from './harness.js';

/** The response is our error envelope with this status and stable code, tied to the request id header. */
export function expectError(res: Res, status: number, code: string): void {
  expect(res.status, `${res.status} ${JSON.stringify(res.body)}`).toBe(status);
  const parsed = ZErrorEnvelope.safeParse(res.body);
  expect(parsed.success, JSON.stringify(res.body)).toBe(true);
  const err = (res.body as { error: { code: string; message: string; requestId: string } }).error;
  expect(err.code).toBe(code);
  expect(err.message.length).toBeGreaterThan(0);
  expect(err.requestId).toBe(res.headers.get('x-request-id'));
}

export function expectStatus(res: Res, status: number): void {
  expect(res.status, `${res.status} ${JSON.stringify(res.body)}`).toBe(status);
}

/** Access tokens for every role of an org, logged in in parallel. */
export async function loginAll(base: string, org: TestOrg): Promise<Record<TRole, string>> {
  const entries = await Promise.all(
    (Object.keys(org.users) as TRole[]).map(
      async (role) => [role, (await login(base, org.users[role].email)).accessToken] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<TRole, string>;
}

export const orgPath = (orgId: string, rest = '') => `/api/v1/orgs/${orgId}${rest}`;

/**
 * Every machine model an org sees for a query, across all pages. Platform models are shared by
 * every org and the test database keeps those of earlier runs, so a test must never assume its
 * model is on the first page.
 */
export async function allModels(base: string, token: string, orgId: string, query = ''): Promise<TMachineModel[]> {
  const out: TMachineModel[] = [];
  let cursor: string | null = null;
  do {
    const r = await call(
      base,
      'GET',
      orgPath(orgId, `/machine-models?limit=200${query}${cursor ? `&cursor=${cursor}` : ''}`),
      { token },
    );
    expectStatus(r, 200);
    const page = ZListMachineModelsResponse.parse(r.body);
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

export const allModelIds = async (base: string, token: string, orgId: string, query = '') =>
  (await allModels(base, token, orgId, query)).map((m) => m.id);

/** `again` is the stored answer to `first` replayed under the same Idempotency-Key. */
export function expectReplayOf(first: Res, again: Res): void {
  expect(again.status, `${again.status} ${JSON.stringify(again.body)}`).toBe(first.status);
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(again.body).toEqual(first.body);
}

/**
 * Concurrent requests with one Idempotency-Key: exactly one ran (`status`, no replay header);
 * each other one either replayed its answer or was told the key is still in use. Returns the one that ran.
 */
export function expectOneRan(results: Res[], status: number): Res {
  const ran = results.filter((r) => r.status === status && r.headers.get('idempotent-replayed') === null);
  expect(ran, results.map((r) => `${r.status} ${JSON.stringify(r.body)}`).join('\n')).toHaveLength(1);
  for (const r of results) {
    if (r === ran[0]) continue;
    if (r.status === 409) expectError(r, 409, 'IDEMPOTENCY_KEY_IN_USE');
    else expectReplayOf(ran[0]!, r);
  }
  return ran[0]!;
}
