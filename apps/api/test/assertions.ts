import { expect } from 'vitest';
import { ZErrorEnvelope } from '@amms/contracts/errors';
import type { TRole } from '@amms/contracts/permissions';
import { login, type Res, type TestOrg } from './harness.js';

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
    (Object.keys(org.users) as TRole[]).map(async (role) => [role, (await login(base, org.users[role].email)).accessToken] as const),
  );
  return Object.fromEntries(entries) as Record<TRole, string>;
}

export const orgPath = (orgId: string, rest = '') => `/api/v1/orgs/${orgId}${rest}`;
