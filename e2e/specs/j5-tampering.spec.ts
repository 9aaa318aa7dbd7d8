import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginToOrg } from '../support/field.js';

/**
 * Journey 5, tampering: a Green Valley member opening Red River URLs gets the plain 404 page
 * and none of Red River's data; a member of both orgs switching orgs on the assets page never
 * sees the previous org's rows. Setup goes straight to the API; the machines the checks look
 * for are created here, so other journeys' changes to the seed do not matter.
 */
const PASSWORD = 'amms-demo-2026';
const API_URL = process.env.E2E_API_URL ?? `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;
const NOT_FOUND = '页面不存在';

type Org = { id: string; name: string };
type ApiLogin = { accessToken: string; memberships: { organization: Org }[] };
type Asset = { id: string; name: string; serialNumber: string };

async function apiLogin(request: APIRequestContext, email: string, password = PASSWORD): Promise<ApiLogin> {
  const res = await request.post(`${API_URL}/api/v1/auth/login`, { data: { email, password } });
  expect(res.ok(), `API login of ${email}`).toBeTruthy();
  return (await res.json()) as ApiLogin;
}

const auth = (who: ApiLogin) => ({ authorization: `Bearer ${who.accessToken}` });

async function createAsset(request: APIRequestContext, who: ApiLogin, orgId: string, name: string): Promise<Asset> {
  const models = await request.get(`${API_URL}/api/v1/orgs/${orgId}/machine-models?limit=1`, { headers: auth(who) });
  expect(models.ok()).toBeTruthy();
  const modelId = ((await models.json()) as { items: { id: string }[] }).items[0]!.id;
  const res = await request.post(`${API_URL}/api/v1/orgs/${orgId}/assets`, {
    headers: { ...auth(who), 'idempotency-key': randomUUID() },
    data: { modelId, name, serialNumber: `E2E-J5-${randomUUID().slice(0, 12)}` },
  });
  expect(res.status(), `create ${name}`).toBe(201);
  return (await res.json()) as Asset;
}

/** Every asset name of an org (as `who` sees them), all pages. */
async function allAssetNames(request: APIRequestContext, who: ApiLogin, orgId: string): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await request.get(
      `${API_URL}/api/v1/orgs/${orgId}/assets?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { headers: auth(who) },
    );
    expect(res.ok()).toBeTruthy();
    const page = (await res.json()) as { items: Asset[]; nextCursor: string | null };
    names.push(...page.items.map((a) => a.name));
    cursor = page.nextCursor;
  } while (cursor);
  return names;
}

async function firstPageNames(request: APIRequestContext, who: ApiLogin, orgId: string): Promise<string[]> {
  // the assets page shows 25 per page, by name (its default order)
  const res = await request.get(`${API_URL}/api/v1/orgs/${orgId}/assets?limit=25&sort=name`, { headers: auth(who) });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { items: Asset[] }).items.map((a) => a.name);
}

const login = (page: Page, email: string, password = PASSWORD) => loginToOrg(page, email, { password });

const switcherName = (orgName: string) =>
  new RegExp(`^切换组织：\\s*${orgName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

test.describe('journey 5: tampering', () => {
  test('a Green Valley dispatcher opening Red River URLs sees a plain 404 and none of its data', async ({
    page,
    request,
  }) => {
    const rrOwner = await apiLogin(request, 'owner@red-river.demo');
    const rr = rrOwner.memberships[0]!.organization;
    const gvDispatcher = await apiLogin(request, 'dispatcher@green-valley.demo');
    const gv = gvDispatcher.memberships[0]!.organization;
    const secret = await createAsset(request, rrOwner, rr.id, `RR Secret Combine ${randomUUID().slice(0, 6)}`);

    // the API itself refuses (not only the page)
    const direct = await request.get(`${API_URL}/api/v1/orgs/${gv.id}/assets/${secret.id}`, {
      headers: auth(gvDispatcher),
    });
    expect(direct.status()).toBe(404);

    await login(page, 'dispatcher@green-valley.demo');
    for (const url of [
      `/orgs/${rr.id}`,
      `/orgs/${rr.id}/assets`,
      `/orgs/${rr.id}/assets/${secret.id}`,
      `/orgs/${rr.id}/analytics`,
      `/orgs/${gv.id}/assets/${secret.id}`,
      `/orgs/${gv.id}/assets/${secret.id}/edit`,
    ]) {
      await test.step(url, async () => {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
        await expect(page.getByText(secret.name)).toHaveCount(0);
        await expect(page.getByText(secret.serialNumber)).toHaveCount(0);
        await expect(page.getByText(rr.name)).toHaveCount(0);
      });
    }

    // through the web's own API proxy, with the dispatcher's session: refused as well, nothing leaks
    for (const path of [
      `orgs/${rr.id}/assets`,
      `orgs/${rr.id}/assets/${secret.id}`,
      `orgs/${gv.id}/assets/${secret.id}`,
    ]) {
      const res = await page.request.get(`/api/proxy/${path}`);
      expect(res.ok(), path).toBeFalsy();
      expect([403, 404]).toContain(res.status());
      expect(await res.text()).not.toContain(secret.name);
    }
  });

  test('a member of both orgs switches org on the assets page and never sees the previous org’s rows', async ({
    page,
    request,
  }) => {
    // no seeded user belongs to both orgs: make one (a fresh user, so no other journey's user changes)
    const rrOwner = await apiLogin(request, 'owner@red-river.demo');
    const gvOwner = await apiLogin(request, 'owner@green-valley.demo');
    const rr = rrOwner.memberships[0]!.organization;
    const gv = gvOwner.memberships[0]!.organization;
    const email = `j5-both-${randomUUID().slice(0, 8)}@e2e.test`;
    const added = await request.post(`${API_URL}/api/v1/orgs/${gv.id}/members`, {
      headers: { ...auth(gvOwner), 'idempotency-key': randomUUID() },
      data: { email, name: 'E2E 两个组织 Both Orgs', role: 'VIEWER' },
    });
    expect(added.status()).toBe(201);
    const { oneTimePassword } = (await added.json()) as { oneTimePassword: string };
    const added2 = await request.post(`${API_URL}/api/v1/orgs/${rr.id}/members`, {
      headers: { ...auth(rrOwner), 'idempotency-key': randomUUID() },
      data: { email, role: 'VIEWER' },
    });
    expect(added2.status()).toBe(201);

    const tag = randomUUID().slice(0, 6);
    const gvMachine = await createAsset(request, gvOwner, gv.id, `E2E-${tag} 青山专属 Alpha`);
    const rrMachine = await createAsset(request, rrOwner, rr.id, `E2E-${tag} Red River Only Bravo`);

    const both = await apiLogin(request, email, oneTimePassword);
    // a new user replaces the one-time password before anything else (j8-password.spec.ts); the session goes on
    const password = `j5 both orgs ${randomUUID()}`;
    const changed = await request.post(`${API_URL}/api/v1/me/password`, {
      headers: auth(both),
      data: { currentPassword: oneTimePassword, newPassword: password },
    });
    expect(changed.status()).toBe(204);
    const rrAll = await allAssetNames(request, both, rr.id);
    const gvAll = await allAssetNames(request, both, gv.id);
    // names that exist in one org only (both orgs buy from the same catalog)
    const gvOnly = (await firstPageNames(request, both, gv.id)).filter((n) => !rrAll.includes(n)).slice(0, 5);
    const rrOnly = (await firstPageNames(request, both, rr.id)).filter((n) => !gvAll.includes(n)).slice(0, 5);
    expect(gvOnly.length).toBeGreaterThan(0);
    expect(rrOnly.length).toBeGreaterThan(0);

    await login(page, email, password);
    await page.goto(`/orgs/${gv.id}/assets`);
    const table = page.getByRole('table', { name: '机具列表' });
    await expect(table).toBeVisible({ timeout: 30_000 });
    for (const name of gvOnly) await expect(table.getByRole('link', { name, exact: true })).toBeVisible();

    // search: my machine of this org, not the other org's
    await page.getByLabel('搜索').fill(`E2E-${tag}`);
    await expect(table.getByRole('link', { name: gvMachine.name })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(rrMachine.name)).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/orgs/${gv.id}/assets\\?q=E2E-${tag}$`));

    // switch to Red River in the org switcher: same section, the other org's rows only
    await page.getByRole('button', { name: switcherName(gv.name) }).click();
    await page.locator('#org-switcher-list').getByRole('link', { name: rr.name }).click();
    await expect(page).toHaveURL(new RegExp(`/orgs/${rr.id}/assets$`), { timeout: 30_000 });
    await expect(page.getByRole('button', { name: switcherName(rr.name) })).toBeVisible({ timeout: 30_000 });
    await expect(table.getByRole('link').first()).toBeVisible({ timeout: 30_000 });
    for (const name of rrOnly) await expect(table.getByRole('link', { name, exact: true })).toBeVisible();
    for (const name of [...gvOnly, gvMachine.name]) await expect(page.getByText(name, { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('搜索')).toHaveValue('');

    await page.getByLabel('搜索').fill(`E2E-${tag}`);
    await expect(table.getByRole('link', { name: rrMachine.name })).toBeVisible({ timeout: 30_000 });
    await expect(table.getByRole('link')).toHaveCount(1);
    await expect(page.getByText(gvMachine.name)).toHaveCount(0);

    // and back: Green Valley's rows again, none of Red River's
    await page.getByRole('button', { name: switcherName(rr.name) }).click();
    await page.locator('#org-switcher-list').getByRole('link', { name: gv.name }).click();
    await expect(page).toHaveURL(new RegExp(`/orgs/${gv.id}/assets$`), { timeout: 30_000 });
    await expect(table.getByRole('link').first()).toBeVisible({ timeout: 30_000 });
    for (const name of gvOnly) await expect(table.getByRole('link', { name, exact: true })).toBeVisible();
    for (const name of [...rrOnly, rrMachine.name]) await expect(page.getByText(name, { exact: true })).toHaveCount(0);

    // a Red River machine page opened under Green Valley's URL: 404, nothing shown
    await page.goto(`/orgs/${gv.id}/assets/${rrMachine.id}`);
    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
    await expect(page.getByText(rrMachine.name)).toHaveCount(0);
  });
});
