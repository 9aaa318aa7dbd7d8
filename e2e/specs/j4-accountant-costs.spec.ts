import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginToOrg } from '../support/field.js';

/**
 * Journey 4: the accountant approves a cost document someone else submitted, and cannot
 * approve one they submitted themself (SELF_APPROVAL), in the UI and at the API.
 */
const PASSWORD = 'amms-demo-2026';
const ACCOUNTANT = 'accountant@green-valley.demo';
// ADMIN has cost.write (create / submit); DISPATCHER has no cost permissions (contracts/permissions.ts)
const SUBMITTER = 'admin@green-valley.demo';
const GREEN_VALLEY = '青山农机合作社 Green Valley Co-op';
const API_URL = process.env.E2E_API_URL ?? `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;
/** an old receipt date no seeded document has: the list filtered to it holds only this journey's documents */
const DOC_DATE = '2020-01-15';
/** a page's first load (the dev server compiles on demand) */
const NAV_TIMEOUT = 60_000;

const artifact = (name: string) => fileURLToPath(new URL(`../artifacts/${name}`, import.meta.url));

type ApiLogin = { accessToken: string; memberships: { organization: { id: string; name: string } }[] };
type CostDoc = { id: string; number: number; status: string; totalMinor: string };

async function apiLogin(request: APIRequestContext, email: string): Promise<{ token: string; orgId: string }> {
  const res = await request.post(`${API_URL}/api/v1/auth/login`, { data: { email, password: PASSWORD } });
  expect(res.ok(), `API login of ${email}`).toBeTruthy();
  const body = (await res.json()) as ApiLogin;
  const org = body.memberships.find((m) => m.organization.name === GREEN_VALLEY);
  expect(org, `${email} is a Green Valley member`).toBeTruthy();
  return { token: body.accessToken, orgId: org!.organization.id };
}

/** A machine of the org: its id and name. */
async function someMachine(request: APIRequestContext): Promise<{ id: string; name: string }> {
  const { token, orgId } = await apiLogin(request, SUBMITTER);
  const res = await request.get(`${API_URL}/api/v1/orgs/${orgId}/assets?limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { items: { id: string; name: string }[] }).items[0]!;
}

/**
 * A FUEL document with one line (120.5 L × ¥7.89 = ¥950.745 → ¥950.75), created and submitted by
 * `email`, linked to `assetId` when given.
 */
async function createSubmitted(
  request: APIRequestContext,
  email: string,
  supplier: string,
  assetId?: string,
): Promise<CostDoc> {
  const { token, orgId } = await apiLogin(request, email);
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post(`${API_URL}/api/v1/orgs/${orgId}/cost-documents`, {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: {
      category: 'FUEL',
      documentDate: DOC_DATE,
      supplier,
      description: 'e2e journey 4',
      assetId,
      lines: [{ description: '柴油 0#', quantity: 120.5, unit: 'L', unitPriceMinor: '789' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const doc = (await created.json()) as CostDoc;
  expect(doc.totalMinor).toBe('95075');
  const submitted = await request.post(`${API_URL}/api/v1/orgs/${orgId}/cost-documents/${doc.id}/submit`, {
    headers,
    data: {},
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return (await submitted.json()) as CostDoc;
}

async function statusOf(request: APIRequestContext, docId: string): Promise<string> {
  const { token, orgId } = await apiLogin(request, SUBMITTER);
  const res = await request.get(`${API_URL}/api/v1/orgs/${orgId}/cost-documents/${docId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as CostDoc).status;
}

const login = (page: Page, email: string) => loginToOrg(page, email, { timeout: NAV_TIMEOUT });

/**
 * Costs → submitted documents of DOC_DATE → the row of `supplier` → its page. The row says when the
 * reader may not approve it (their own document) before they open it.
 */
async function openSubmitted(page: Page, supplier: string, own: boolean) {
  const main = page.getByRole('main');
  await main.getByLabel('状态').selectOption({ label: '待审批' });
  await main.getByLabel('单据日期从').fill(DOC_DATE);
  await main.getByLabel('单据日期到').fill(DOC_DATE);
  const row = main.getByRole('row').filter({ hasText: supplier });
  await expect(row).toHaveCount(1, { timeout: NAV_TIMEOUT });
  await expect(row.getByText('待审批')).toBeVisible();
  await expect(row.getByText('本人创建或提交：需由他人审批')).toHaveCount(own ? 1 : 0);
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/costs\/[0-9a-f-]{36}$/, { timeout: NAV_TIMEOUT });
}

test.describe('journey 4: accountant approves costs', () => {
  test('approves a document submitted by someone else; cannot approve their own', async ({ page, request }) => {
    const tag = randomUUID().slice(0, 8);
    const otherSupplier = `E2E 加油站 ${tag}`;
    const ownSupplier = `E2E 会计自提 ${tag}`;
    const machine = await someMachine(request);
    const other = await createSubmitted(request, SUBMITTER, otherSupplier, machine.id);
    const own = await createSubmitted(request, ACCOUNTANT, ownSupplier);

    await login(page, ACCOUNTANT);
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '费用', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '费用' })).toBeVisible({ timeout: NAV_TIMEOUT });

    // someone else's document: approve
    await openSubmitted(page, otherSupplier, false);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: /^单据 CD-\d+$/ })).toBeVisible({ timeout: NAV_TIMEOUT });
    await expect(main.getByText(otherSupplier)).toBeVisible();
    await expect(main.getByText('¥950.75').first()).toBeVisible();
    await expect(main.getByText('柴油 0#')).toBeVisible();
    // the linked machine is named, not just "机器"
    await expect(main.getByRole('link', { name: machine.name, exact: true })).toBeVisible();
    await page.screenshot({ path: artifact('costs-approve.png'), fullPage: true });
    const approve = main.getByRole('button', { name: '批准', exact: true });
    await expect(approve).toBeEnabled();
    await approve.click();
    // approving asks once more, with an optional comment kept on the document (issue #12)
    const confirm = page.getByRole('dialog', { name: '批准费用单' });
    await confirm.getByLabel('备注（可选）').fill('与发票核对无误');
    await confirm.getByRole('button', { name: '确认批准' }).click();
    await expect(confirm).toBeHidden();
    await expect(main.getByText('已批准', { exact: true })).toBeVisible();
    await expect(main.getByText('与发票核对无误')).toBeVisible();
    await expect(main.getByRole('button', { name: '批准', exact: true })).toHaveCount(0);
    expect(await statusOf(request, other.id)).toBe('APPROVED');

    // their own document: approving is refused, with the reason, and nothing changes
    await main.getByRole('link', { name: '返回费用单据' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '费用' })).toBeVisible();
    await openSubmitted(page, ownSupplier, true);
    await expect(main.getByText(ownSupplier)).toBeVisible({ timeout: NAV_TIMEOUT });
    const ownApprove = main.getByRole('button', { name: '批准', exact: true });
    await expect(ownApprove).toBeDisabled();
    await expect(main.getByRole('button', { name: '驳回', exact: true })).toBeDisabled();
    await expect(ownApprove).toHaveAccessibleDescription('不能审批自己提交的单据，请由其他人审批。');
    await expect(main.getByText('不能审批自己提交的单据，请由其他人审批。')).toBeVisible();
    await expect(main.getByText('待审批', { exact: true })).toBeVisible();
    await page.screenshot({ path: artifact('costs-self-approval.png'), fullPage: true });

    // the API refuses it too, and the document stays submitted
    const { token, orgId } = await apiLogin(request, ACCOUNTANT);
    const tried = await request.post(`${API_URL}/api/v1/orgs/${orgId}/cost-documents/${own.id}/approve`, {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    expect(tried.status()).toBe(403);
    expect(((await tried.json()) as { error: { code: string } }).error.code).toBe('SELF_APPROVAL');
    expect(await statusOf(request, own.id)).toBe('SUBMITTED');
  });
});
