import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiLogin } from '../support/field.js';

/**
 * Journey 10: the order of a list. A dispatcher's jobs list comes latest window first; choosing
 * another order in the sort selector reorders the rows and puts `?sort=` in the URL, and a reload
 * keeps the order and the date filters. Three jobs of this run sit on days no other run uses,
 * created out of window order, so each order has exactly one right answer. The machines list
 * comes by name, the same way (three machines of this run, created out of name order).
 */
const PASSWORD = 'amms-demo-2026';
const DISPATCHER = 'dispatcher@green-valley.demo';
const ADMIN = 'admin@green-valley.demo';
const API_URL = process.env.E2E_API_URL ?? `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;
const NAV_TIMEOUT = 60_000;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

test('the jobs list reorders when the sort changes, and the order lives in the URL', async ({ page, request }) => {
  const tag = randomUUID().slice(0, 8);
  const { token, orgId } = await apiLogin(request, DISPATCHER);
  const headers = { authorization: `Bearer ${token}` };
  const fields = await request.get(`${API_URL}/api/v1/orgs/${orgId}/fields?limit=1`, { headers });
  const fieldId = ((await fields.json()) as { items: { id: string }[] }).items[0]!.id;

  // three consecutive days far ahead, different on every run (noon UTC: the same day in Asia/Shanghai)
  const first = new Date(Date.UTC(2080, 0, 1) + Math.floor(Math.random() * 3000) * 3 * 86_400_000);
  const day = (i: number) => new Date(first.getTime() + i * 86_400_000);
  const title = (name: string) => `E2E 排序 ${tag} ${name}`;
  // created C, A, B: window order (A, B, C) and creation order differ
  for (const [name, i] of [
    ['C', 2],
    ['A', 0],
    ['B', 1],
  ] as const) {
    const start = new Date(day(i).getTime() + 4 * 3_600_000);
    const res = await request.post(`${API_URL}/api/v1/orgs/${orgId}/jobs`, {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      data: {
        fieldId,
        operationType: 'TILLAGE',
        title: title(name),
        estimatedHours: 2,
        windowStart: start.toISOString(),
        windowEnd: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto('/login');
  await page.getByLabel('邮箱').fill(DISPATCHER);
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}$/, { timeout: NAV_TIMEOUT });
  await page.goto(`/orgs/${orgId}/jobs`);
  await expect(page.getByRole('heading', { level: 1, name: '作业' })).toBeVisible({ timeout: NAV_TIMEOUT });

  const main = page.getByRole('main');
  const filterToMyDays = async () => {
    await main.getByLabel('日期从').fill(isoDay(day(0)));
    await main.getByLabel('日期到（含当天）').fill(isoDay(day(2)));
  };
  const mine = main.getByRole('rowheader').filter({ hasText: tag });
  const inOrder = (names: string[]) => names.map((n) => new RegExp(`^${title(n)}`));

  // default: latest window first
  await filterToMyDays();
  await expect(main.getByLabel('排序')).toHaveValue('-windowStart');
  await expect(mine).toHaveText(inOrder(['C', 'B', 'A']), { timeout: NAV_TIMEOUT });
  expect(new URL(page.url()).searchParams.get('sort')).toBeNull();

  // earliest window first
  await main.getByLabel('排序').selectOption({ label: '时间窗口：最早在前' });
  await expect(mine).toHaveText(inOrder(['A', 'B', 'C']));
  await expect(page).toHaveURL(/[?&]sort=windowStart(&|$)/);

  // newest created first: B was created last
  await main.getByLabel('排序').selectOption({ label: '最近创建在前' });
  await expect(mine).toHaveText(inOrder(['B', 'A', 'C']));
  await expect(page).toHaveURL(/[?&]sort=-createdAt(&|$)/);

  // a reload keeps the order and the filters: both live in the URL
  await expect(page).toHaveURL(new RegExp(`[?&]from=${isoDay(day(0))}(&|$)`));
  await page.reload();
  await expect(main.getByLabel('排序')).toHaveValue('-createdAt', { timeout: NAV_TIMEOUT });
  await expect(main.getByLabel('日期从')).toHaveValue(isoDay(day(0)));
  await expect(main.getByLabel('日期到（含当天）')).toHaveValue(isoDay(day(2)));
  await expect(mine).toHaveText(inOrder(['B', 'A', 'C']), { timeout: NAV_TIMEOUT });

  // back to the default: the parameter leaves the URL; "clear filters" empties the rest
  await main.getByLabel('排序').selectOption({ label: '时间窗口：最晚在前' });
  await expect(mine).toHaveText(inOrder(['C', 'B', 'A']));
  await expect(page).not.toHaveURL(/sort=/);
  await main.getByRole('button', { name: '清除筛选' }).click();
  await expect(main.getByLabel('日期从')).toHaveValue('');
  await expect(page).not.toHaveURL(/[?&](from|to)=/);
});

test('the machines list comes by name; the order can change and lives in the URL', async ({ page, request }) => {
  const tag = randomUUID().slice(0, 8);
  const { token, orgId } = await apiLogin(request, ADMIN);
  const headers = { authorization: `Bearer ${token}` };
  const models = await request.get(`${API_URL}/api/v1/orgs/${orgId}/machine-models?limit=1`, { headers });
  const modelId = ((await models.json()) as { items: { id: string }[] }).items[0]!.id;
  const name = (n: string) => `E2E 排序 ${tag} ${n}`;
  // created C, A, B: name order (A, B, C) and creation order (newest first: B, A, C) differ
  for (const n of ['C', 'A', 'B']) {
    const res = await request.post(`${API_URL}/api/v1/orgs/${orgId}/assets`, {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      data: { modelId, name: name(n), serialNumber: `E2E-${tag}-${n}` },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto('/login');
  await page.getByLabel('邮箱').fill(ADMIN);
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}$/, { timeout: NAV_TIMEOUT });
  await page.goto(`/orgs/${orgId}/assets?q=${tag}`);
  const main = page.getByRole('main');
  const mine = main.getByRole('rowheader').filter({ hasText: tag });
  const inOrder = (names: string[]) => names.map((n) => name(n));

  // default: by name (the API's own default, id order, is random)
  await expect(main.getByLabel('排序')).toHaveValue('name', { timeout: NAV_TIMEOUT });
  await expect(mine).toHaveText(inOrder(['A', 'B', 'C']), { timeout: NAV_TIMEOUT });
  expect(new URL(page.url()).searchParams.get('sort')).toBeNull();

  await main.getByLabel('排序').selectOption({ label: '名称（降序）' });
  await expect(mine).toHaveText(inOrder(['C', 'B', 'A']));
  await expect(page).toHaveURL(/[?&]sort=-name(&|$)/);

  await main.getByLabel('排序').selectOption({ label: '最近创建在前' });
  await expect(mine).toHaveText(inOrder(['B', 'A', 'C']));
  await page.reload();
  await expect(main.getByLabel('排序')).toHaveValue('-createdAt', { timeout: NAV_TIMEOUT });
  await expect(mine).toHaveText(inOrder(['B', 'A', 'C']), { timeout: NAV_TIMEOUT });
});
