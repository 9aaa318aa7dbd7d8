import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginToOrg, expectNoHorizontalScroll } from '../support/field.js';

/**
 * Journey 6, bad input: creating a machine with an invalid form shows the API's field errors
 * next to the fields, and nothing is created. Also here: the dashboard overview screenshot
 * (e2e/artifacts/dashboard.png) and a pass over the analytics and machine pages.
 */
const PASSWORD = 'amms-demo-2026';
const API_URL = process.env.E2E_API_URL ?? `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;
const artifact = (name: string) => fileURLToPath(new URL(`../artifacts/${name}`, import.meta.url));

type Org = { id: string; name: string };
type ApiLogin = { accessToken: string; memberships: { organization: Org }[] };
type Asset = { id: string; name: string; serialNumber: string };

async function apiLogin(request: APIRequestContext, email: string): Promise<ApiLogin> {
  const res = await request.post(`${API_URL}/api/v1/auth/login`, { data: { email, password: PASSWORD } });
  expect(res.ok(), `API login of ${email}`).toBeTruthy();
  return (await res.json()) as ApiLogin;
}

async function searchAssets(request: APIRequestContext, who: ApiLogin, orgId: string, q: string): Promise<Asset[]> {
  const res = await request.get(`${API_URL}/api/v1/orgs/${orgId}/assets?limit=200&q=${encodeURIComponent(q)}`, {
    headers: { authorization: `Bearer ${who.accessToken}` },
  });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { items: Asset[] }).items;
}

const login = (page: Page, email: string) => loginToOrg(page, email);

test.describe('journey 6: bad input', () => {
  test('creating a machine with an invalid form shows the API’s field errors; nothing is created', async ({
    page,
    request,
  }) => {
    const admin = await apiLogin(request, 'admin@green-valley.demo');
    const gv = admin.memberships[0]!.organization;
    const res = await request.get(`${API_URL}/api/v1/orgs/${gv.id}/assets?limit=1`, {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    const taken = ((await res.json()) as { items: Asset[] }).items[0]!;
    const name = `E2E 坏输入 ${randomUUID().slice(0, 8)}`;
    const before = await searchAssets(request, admin, gv.id, taken.serialNumber);
    expect(before).toHaveLength(1);

    await login(page, 'admin@green-valley.demo');
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '机具', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '机具' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: '新增机具' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '新增机具' })).toBeVisible({ timeout: 30_000 });

    const nameField = page.getByLabel('名称', { exact: true });
    const serialField = page.getByLabel('序列号', { exact: true });
    const modelField = page.getByLabel('机型', { exact: true });
    const priceField = page.getByLabel('购置价格（元）');
    const submit = page.getByRole('button', { name: '创建机具' });

    // 1. empty name, no model, a negative price: the API's VALIDATION_FAILED, one message per field
    await serialField.fill(taken.serialNumber);
    await priceField.fill('-100');
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: '输入有误，请检查标出的字段。' })).toBeVisible();
    await expect(nameField).toHaveAttribute('aria-invalid', 'true');
    await expect(nameField).toHaveAccessibleDescription('此项必填。');
    await expect(modelField).toHaveAccessibleDescription('请选择机型。');
    await expect(priceField).toHaveAccessibleDescription('请输入不小于 0 的金额（元），最多两位小数。');
    await expect(serialField).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/assets\/new$/);
    await page.screenshot({ path: artifact('asset-form-errors.png'), fullPage: true });

    // 2. fixed, but the serial number belongs to another machine: SERIAL_NUMBER_TAKEN on that field
    await nameField.fill(name);
    await modelField.selectOption({ index: 1 });
    await priceField.fill('128000.50');
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: '该序列号已被本组织的其他机具使用。' })).toBeVisible();
    await expect(serialField).toHaveAttribute('aria-invalid', 'true');
    await expect(serialField).toHaveAccessibleDescription('该序列号已被本组织的其他机具使用。');
    await expect(nameField).not.toHaveAttribute('aria-invalid', 'true');
    await expect(priceField).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/assets\/new$/);

    // nothing was created: no machine with that name, the serial number still has exactly one
    expect(await searchAssets(request, admin, gv.id, name)).toHaveLength(0);
    expect(await searchAssets(request, admin, gv.id, taken.serialNumber)).toHaveLength(1);

    // 3. a fresh serial number goes through (same form, a new Idempotency-Key) and opens the machine page
    const serial = `E2E-J6-${randomUUID().slice(0, 10)}`;
    await serialField.fill(serial);
    await submit.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/assets\/[0-9a-f-]{36}$/);
    await expect(page.getByText(serial)).toBeVisible();
    const created = await searchAssets(request, admin, gv.id, name);
    expect(created).toHaveLength(1);

    // a meter reading on it, then a lower one: METER_BACKWARDS next to the field
    const hours = page.getByLabel('读数（小时）');
    await hours.fill('120.5');
    await page.getByRole('button', { name: '记录读数' }).click();
    await expect(page.getByText('读数已记录。')).toBeVisible();
    await expect(
      page.getByRole('table', { name: '读数记录' }).getByRole('cell', { name: '120.5', exact: true }),
    ).toBeVisible();
    await hours.fill('100');
    await page.getByRole('button', { name: '记录读数' }).click();
    // the message names both numbers and what to do (issue #12: meter readings people can trust)
    await expect(hours).toHaveAccessibleDescription(/读数 100 小时小于上一次读数 120\.5 小时/);

    // clean up: delete it (the API allows it; soft delete)
    await page.getByRole('button', { name: '删除机具' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '删除机具' }).click();
    await expect(page).toHaveURL(new RegExp(`/orgs/${gv.id}/assets$`), { timeout: 30_000 });
    expect(await searchAssets(request, admin, gv.id, name)).toHaveLength(0);
  });
});

test.describe('dashboard, analytics and machine pages', () => {
  test('overview at 1440 px (screenshot), analytics with a period, a machine page at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, 'dispatcher@green-valley.demo');
    const orgId = page.url().split('/orgs/')[1]!;
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: '车队状态' })).toBeVisible();
    await expect(main.getByRole('heading', { name: '今日作业' })).toBeVisible();
    await expect(main.getByRole('heading', { name: '本周作业' })).toBeVisible();
    await expect(main.getByRole('heading', { name: '保养到期' })).toBeVisible();
    await expect(main.getByRole('heading', { name: '待审批费用' })).toBeVisible();
    await expect(main.getByRole('figure')).toHaveCount(4);
    await expect(main.getByRole('status').filter({ hasText: '正在加载' })).toHaveCount(0, { timeout: 60_000 });
    await expect(main.getByRole('button', { name: '近 30 天' })).toHaveAttribute('aria-pressed', 'true');
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: artifact('dashboard.png'), fullPage: true });

    // the period lives in the URL
    await main.getByRole('button', { name: '今年' }).click();
    await expect(page).toHaveURL(/\?period=year$/);
    await expect(main.getByRole('button', { name: '今年' })).toHaveAttribute('aria-pressed', 'true');
    await expect(main.getByRole('status').filter({ hasText: /当前周期：\d{4}-01-01 至/ })).toBeVisible();
    // the previous figures stay (busy) until this year's arrive
    await expect(main.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 60_000 });
    await expect(main.getByRole('status').filter({ hasText: '正在加载' })).toHaveCount(0);

    // analytics: the five reports, a chart's data table, another grouping
    await page.goto(`/orgs/${orgId}/analytics?period=month`);
    await expect(page.getByRole('heading', { level: 1, name: '分析' })).toBeVisible({ timeout: 30_000 });
    for (const h of ['关键指标', '机具利用率', '各作业类型的作业面积', '可靠性与维修', '费用'])
      await expect(main.getByRole('heading', { level: 2, name: h })).toBeVisible();
    await expect(main.getByRole('button', { name: '本月' })).toHaveAttribute('aria-pressed', 'true');
    await expect(main.getByRole('status').filter({ hasText: '正在加载' })).toHaveCount(0, { timeout: 60_000 });
    await expect(main.getByRole('figure')).toHaveCount(4);
    await main.getByLabel('分组方式').selectOption('month');
    await expect(
      main.getByRole('table', { name: '费用明细' }).getByRole('columnheader', { name: '按月份' }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(main.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 60_000 });
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: artifact('analytics.png'), fullPage: true });

    // a machine page from the list, on a phone
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(`/orgs/${orgId}/assets`);
    const first = page.getByRole('table', { name: '机具列表' }).getByRole('rowheader').first().getByRole('link');
    await expect(first).toBeVisible({ timeout: 30_000 });
    const machineName = (await first.textContent())!.trim();
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name: machineName })).toBeVisible({ timeout: 30_000 });
    for (const h of ['基本信息', '发动机小时表', '排班与预约', '维修保养', '费用单据'])
      await expect(main.getByRole('heading', { level: 2, name: h })).toBeVisible();
    await expect(main.getByRole('status').filter({ hasText: '正在加载' })).toHaveCount(0, { timeout: 30_000 });
    await expectNoHorizontalScroll(page);
  });
});
