import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, roleHas } from '@amms/contracts/permissions';
import { grants, type AccessRule, type PermissionRule } from '../src/platform/access/decorators.js';
import { call, createOrg, login, startApp, type Harness, type TestOrg } from './harness.js';
import { expectError, loginAll } from './assertions.js';
import { discoverRoutes, type Route } from './routes.js';

let h: Harness;
let routes: Route[];

const describeRule = (r: AccessRule | undefined) =>
  !r
    ? 'NONE'
    : r.kind === 'permission'
      ? [r.permission, ...(r.or ?? [])].join(' | ')
      : r.kind === 'authenticated' && r.duringPasswordChange
        ? 'authenticated (also before a password change)'
        : r.kind;

beforeAll(async () => {
  h = await startApp();
  routes = discoverRoutes(h.app);
});
afterAll(() => h?.close());

describe('route → permission map', () => {
  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toContain('GET /api/v1/orgs/:orgId/members');
  });

  it('every route declares an access rule', () => {
    expect(routes.filter((r) => !r.rule).map((r) => r.handler)).toEqual([]);
  });

  it('every permission route is an org route (:orgId first)', () => {
    const bad = routes.filter((r) => r.rule?.kind === 'permission' && !r.path.startsWith('/api/v1/orgs/:orgId'));
    expect(bad.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  // the exceptions carry secrets (passwords, tokens) and are safe to repeat without a key: an
  // idempotency record would keep a hash of the body (an unsalted hash of a password) or the
  // secret in the answer (login/refresh tokens, a reset's one-time password; a repeated reset
  // issues a newer password). Creates that answer a secret once (members, API keys) keep the key:
  // a repeat would fail (MEMBER_EXISTS) or mint a second key; their stored answer is sealed.
  // POST /mcp is JSON-RPC: the message carries its own id, the client's retry rule is the MCP
  // protocol's, and the tools are reads except the two that start an agent run (a run and a
  // draft, never business rows; confirming is a person's POST in the web, which takes the key).
  it('every POST honours Idempotency-Key, except the auth routes, the password change and reset (secrets in body or answer) and MCP (JSON-RPC)', () => {
    const posts = routes.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(30);
    expect(
      posts
        .filter((r) => !r.idempotent)
        .map((r) => r.path)
        .sort(),
    ).toEqual([
      '/api/v1/auth/login',
      '/api/v1/auth/logout',
      '/api/v1/auth/refresh',
      '/api/v1/me/password',
      '/api/v1/orgs/:orgId/members/:id/password-reset',
      '/mcp',
    ]);
  });

  it('matches the committed snapshot (a change in who can reach what shows up in review)', async () => {
    const lines = routes.map((r) => `${r.method} ${r.path} → ${describeRule(r.rule)}`).sort();
    expect(new Set(lines).size).toBe(lines.length);
    await expect(lines.join('\n') + '\n').toMatchFileSnapshot('__snapshots__/route-permissions.txt');
  });
});

describe('every org route × every role', () => {
  const urlFor = (org: TestOrg, path: string) =>
    path.replace(/:(\w+)/g, (_, p: string) => (p === 'orgId' ? org.id : randomUUID()));
  const bodyFor = (method: string) => (method === 'POST' || method === 'PATCH' || method === 'PUT' ? {} : undefined);

  // every route × 7 roles, one route after another: well over 30 s on a loaded machine
  it('refuses exactly the roles that lack the permission (403), lets the others through', async () => {
    const org = await createOrg(h.db, 'perm');
    const tokens = await loginAll(h.base, org);
    const orgRoutes = routes.filter((r): r is Route & { rule: PermissionRule } => r.rule?.kind === 'permission');
    expect(orgRoutes.length).toBeGreaterThan(0);
    const teamsBefore = await h.db.team.count({ where: { organizationId: org.id } });
    const keysBefore = await h.db.apiKey.count({ where: { organizationId: org.id } });

    const failures: string[] = [];
    for (const route of orgRoutes) {
      const results = await Promise.all(
        ROLES.map(async (role) => {
          const r = await call(h.base, route.method, urlFor(org, route.path), {
            token: tokens[role],
            body: bodyFor(route.method),
          });
          return { role, r };
        }),
      );
      for (const { role, r } of results) {
        const allowed = grants(route.rule, (p) => roleHas(role, p));
        const label = `${role} ${route.method} ${route.path} (${describeRule(route.rule)})`;
        if (!allowed) {
          if (r.status !== 403 || r.body?.error?.code !== 'FORBIDDEN')
            failures.push(`${label}: expected 403 FORBIDDEN, got ${r.status} ${JSON.stringify(r.body)}`);
          else expectError(r, 403, 'FORBIDDEN');
        } else if (r.status === 401 || r.status === 403 || r.status >= 500) {
          failures.push(`${label}: expected to pass the guard, got ${r.status} ${JSON.stringify(r.body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // random ids and empty bodies never create anything
    expect(await h.db.team.count({ where: { organizationId: org.id } })).toBe(teamsBefore);
    expect(await h.db.apiKey.count({ where: { organizationId: org.id } })).toBe(keysBefore);
    expect(await h.db.membership.count({ where: { organizationId: org.id, status: 'ACTIVE' } })).toBe(ROLES.length);
    // every org route × 7 roles: grows with the route list, slow on a loaded 2-core box
  }, 180_000);

  it('every non-public route refuses an anonymous caller (401 UNAUTHENTICATED)', async () => {
    const org = await createOrg(h.db, 'perm');
    for (const route of routes.filter((r) => r.rule?.kind !== 'public')) {
      const r = await call(h.base, route.method, urlFor(org, route.path), { body: bodyFor(route.method) });
      expect(r.status, `${route.method} ${route.path}`).toBe(401);
      expectError(r, 401, 'UNAUTHENTICATED');
    }
  });

  it('an API key gets exactly its scopes on every org route', async () => {
    const org = await createOrg(h.db, 'perm');
    const ownerKey = await call(h.base, 'POST', `/api/v1/orgs/${org.id}/api-keys`, {
      token: (await login(h.base, org.users.OWNER.email)).accessToken,
      body: { name: 'matrix', scopes: ['member.read', 'team.read', 'audit.read'] },
    });
    expect(ownerKey.status).toBe(201);
    const scopes = new Set<string>(ownerKey.body.apiKey.scopes);
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.rule?.kind === 'permission')) {
      const rule = route.rule as PermissionRule;
      const permission = describeRule(rule);
      const r = await call(h.base, route.method, urlFor(org, route.path), {
        apiKey: ownerKey.body.key,
        body: bodyFor(route.method),
      });
      const allowed = grants(rule, (p) => scopes.has(p));
      if (allowed ? r.status === 401 || r.status === 403 || r.status >= 500 : r.status !== 403) {
        failures.push(`key ${route.method} ${route.path} (${permission}): got ${r.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
