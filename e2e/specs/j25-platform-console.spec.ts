import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { API_URL, expectNoHorizontalScroll, GREEN_VALLEY, login, PASSWORD, RED_RIVER } from '../support/field.js';

/**
 * Issue #31 §4.11: the platform admin landed on "你还没有加入任何组织". Now on the platform
 * console: health, every org with its usage, the platform machine catalog and manual library —
 * at 360 px and 1280 px, in Chinese and in English, axe clean. Anyone else is refused (API 403,
 * the page a 404).
 */
test('the platform admin lands on the console: health, orgs and usage, catalog, manual library', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const res = await request.post(`${API_URL}/api/v1/auth/login`, {
    data: { email: 'platform@amms.demo', password: PASSWORD },
  });
  expect(res.ok()).toBeTruthy();
  const token = ((await res.json()) as { accessToken: string }).accessToken;
  const docs = (await (
    await request.get(`${API_URL}/api/v1/platform/documents?limit=100`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { items: { title: string }[] };

  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, 'platform@amms.demo');
  await expect(page).toHaveURL(/\/platform$/);
  await expect(page.getByRole('heading', { level: 1, name: '平台控制台' })).toBeVisible();
  await expect(page.getByText('你还没有加入任何组织')).toHaveCount(0);

  const health = page.getByRole('region', { name: '系统状态' });
  await expect(health.getByText('运行正常')).toBeVisible({ timeout: 30_000 });
  await expect(health).toContainText(/数据库正常（\d+ 毫秒）/);
  await expect(health).toContainText('照片识别机型：已配置');

  const orgs = page.getByRole('table', { name: '组织列表（用量为最近 30 天）' });
  for (const name of [GREEN_VALLEY, RED_RIVER]) await expect(orgs.getByRole('rowheader', { name })).toBeVisible();
  const green = orgs.getByRole('row').filter({ has: page.getByRole('rowheader', { name: GREEN_VALLEY }) });
  // the seeded co-op: members, machines and completed jobs are counted
  await expect(green.getByRole('cell').nth(0)).not.toHaveText('0');
  await expect(green.getByRole('cell').nth(1)).not.toHaveText('0');

  const catalog = page.getByRole('region', { name: '机型目录（平台）' });
  await expect(catalog.getByRole('table', { name: '平台机型' }).getByRole('row')).not.toHaveCount(0);
  const library = page.getByRole('table', { name: '平台手册' });
  expect(docs.items.length).toBeGreaterThan(0);
  for (const d of docs.items) await expect(library.getByRole('rowheader', { name: d.title })).toBeVisible();
  await expectAccessible(page, '/platform at 1280 px');

  for (const lang of ['zh-CN', 'en'] as const) {
    await page.context().addCookies([{ name: 'amms_locale', value: lang, url: new URL(page.url()).origin }]);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/platform');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'en' ? 'Platform console' : '平台控制台');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, `/platform at 360 px (${lang})`);
  }
});

test('an org admin is refused the console: the API says 403, the page is not found', async ({ page, request }) => {
  const res = await request.post(`${API_URL}/api/v1/auth/login`, {
    data: { email: 'admin@green-valley.demo', password: PASSWORD },
  });
  const token = ((await res.json()) as { accessToken: string }).accessToken;
  for (const path of ['platform/orgs', 'platform/health']) {
    const r = await request.get(`${API_URL}/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(r.status(), path).toBe(403);
  }
  await login(page, 'admin@green-valley.demo');
  const r = await page.goto('/platform');
  expect(r?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '平台控制台' })).toHaveCount(0);
});
