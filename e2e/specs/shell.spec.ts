import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoHorizontalScroll } from '../support/field.js';

/** Seeded demo accounts (apps/api seed). */
const PASSWORD = 'amms-demo-2026';
const DISPATCHER = 'dispatcher@green-valley.demo';
const GREEN_VALLEY = '青山农机合作社 Green Valley Co-op';
const API_URL = process.env.E2E_API_URL ?? `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;

const artifact = (name: string) => fileURLToPath(new URL(`../artifacts/${name}`, import.meta.url));

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** The switcher button's name: a screen-reader prefix, then the org name (whitespace may differ). */
const switcherName = (orgName: string) =>
  new RegExp(`^切换组织：\\s*${orgName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

type ApiLogin = { accessToken: string; memberships: { organization: { id: string; name: string } }[] };

/** Straight to the API (not through the web): setup and cross-checks only. */
async function apiLogin(request: APIRequestContext, email: string): Promise<ApiLogin> {
  const res = await request.post(`${API_URL}/api/v1/auth/login`, { data: { email, password: PASSWORD } });
  expect(res.ok(), `API login of ${email}`).toBeTruthy();
  return (await res.json()) as ApiLogin;
}

test.describe('dashboard shell', () => {
  test('login page, wrong password: error message, stays on /login', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1, name: '登录 AMMS' })).toBeVisible();
    await page.screenshot({ path: artifact('login.png'), fullPage: true });

    // another account than the journeys below, so its failure counter never locks them out
    await login(page, 'viewer@green-valley.demo', 'definitely-not-the-password');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('邮箱或密码不正确。');
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByLabel('邮箱')).toHaveValue('viewer@green-valley.demo');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the login form still posts (never a GET with the password) and errors show', async ({ page }) => {
      // an unknown address: same answer as a wrong password, and no per-account failure counter grows
      await login(page, `nobody-${randomUUID().slice(0, 8)}@green-valley.demo`, 'definitely-not-the-password');
      await expect(page).toHaveURL(/\/login\?error=INVALID_CREDENTIALS$/);
      await expect(page.getByRole('main').getByRole('alert')).toHaveText('邮箱或密码不正确。');

      await login(page, DISPATCHER, PASSWORD);
      await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}$/);
      expect(page.url()).not.toContain('password');
      await expect(page.getByRole('heading', { level: 1, name: '概览' })).toBeVisible();
    });
  });

  test('a page without a session redirects to /login', async ({ page }) => {
    await page.goto('/orgs/00000000-0000-4000-8000-000000000000/assets');
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: '登录 AMMS' })).toBeVisible();
  });

  test('desktop: zh-CN shell → English → logout', async ({ page }) => {
    await login(page, DISPATCHER, PASSWORD);

    // `/` sends me to my first org's dashboard
    await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}$/);
    const nav = page.getByRole('navigation', { name: '主导航' });
    await expect(page.getByRole('heading', { level: 1, name: '概览' })).toBeVisible();
    await expect(nav.getByRole('link', { name: '概览' })).toHaveAttribute('aria-current', 'page');
    for (const label of ['机具', '作业', '维修保养', '费用', '分析', '智能调度', '草稿', '审计', '现场作业端']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    // a dispatcher is no org admin: no Members / Teams / API keys entries
    await expect(nav.getByRole('link', { name: '成员' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByText(GREEN_VALLEY)).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { name: GREEN_VALLEY })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: artifact('shell-zh.png'), fullPage: true });

    // a section page: its heading, and the nav marks it current
    await nav.getByRole('link', { name: '作业', exact: true }).click();
    await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}\/jobs$/);
    await expect(page.getByRole('heading', { level: 1, name: '作业' })).toBeVisible();
    await expect(nav.getByRole('link', { name: '作业', exact: true })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: '概览' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '概览' })).toBeVisible();

    // language switch: the whole UI and <html lang> follow
    await page.getByRole('button', { name: 'English' }).click();
    const navEn = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navEn.getByRole('link', { name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(navEn.getByRole('link', { name: 'Assets' })).toBeVisible();
    await page.screenshot({ path: artifact('shell-en.png'), fullPage: true });

    // logout from the user menu
    await page.getByRole('button', { name: /^User menu/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to AMMS' })).toBeVisible();

    // the session is really gone
    await page.goto('/');
    await expect(page).toHaveURL(/\/login(\?|$)/);
  });

  test('Content-Security-Policy: a fresh nonce per page, the app runs under it, an injected inline script does not', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

    const first = await page.goto('/login');
    const csp = first!.headers()['content-security-policy'];
    expect(csp).toContain(`frame-ancestors 'none'`);
    expect(csp).toContain(`object-src 'none'`);
    const nonce = nonceOf(csp);
    expect(nonce).toBeTruthy();
    // every script of the page carries this request's nonce
    const html = await first!.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const second = await page.goto('/login');
    expect(nonceOf(second!.headers()['content-security-policy'])).not.toBe(nonce);

    // a script that made it into the HTML without the nonce (what an XSS would be) does not run
    await page.route(
      (url) => url.pathname === '/login',
      async (route) => {
        const res = await route.fetch();
        const body = (await res.text()).replace('</body>', '<script>window.__injected = 1</script></body>');
        await route.fulfill({ response: res, body });
      },
    );
    await page.goto('/login');
    expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    await page.unrouteAll();
    violations.length = 0;

    // the app hydrates and works under the policy: log in, the shell renders, no violation
    await login(page, DISPATCHER, PASSWORD);
    await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: '概览' })).toBeVisible();
    // React hydrated the page (it tags the DOM nodes it owns), so its scripts ran
    await expect
      .poll(() =>
        page.evaluate(() => Object.keys(document.querySelector('main') ?? {}).some((k) => k.startsWith('__react'))),
      )
      .toBe(true);
    expect(violations).toEqual([]);
  });

  test('an org I am not a member of is a plain 404', async ({ page, request }) => {
    const otherOrg = (await apiLogin(request, 'owner@red-river.demo')).memberships[0]!.organization;

    await login(page, DISPATCHER, PASSWORD);
    await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}$/);
    await page.goto(`/orgs/${otherOrg.id}/assets`);
    await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
    await expect(page.getByText(otherOrg.name)).toHaveCount(0);
  });

  test('org switcher lists exactly my memberships and switches to the other org', async ({ page, request }) => {
    // the demo users have one membership each: make a user who belongs to both demo orgs
    const redRiver = await apiLogin(request, 'owner@red-river.demo');
    const greenValley = await apiLogin(request, 'owner@green-valley.demo');
    const email = `switcher-${randomUUID().slice(0, 8)}@e2e.test`;
    const addMember = (owner: ApiLogin, data: Record<string, string>) =>
      request.post(`${API_URL}/api/v1/orgs/${owner.memberships[0]!.organization.id}/members`, {
        headers: { authorization: `Bearer ${owner.accessToken}`, 'idempotency-key': randomUUID() },
        data,
      });
    const created = await addMember(redRiver, { email, name: 'E2E 切换 Switcher', role: 'VIEWER' });
    expect(created.status()).toBe(201);
    const { oneTimePassword } = (await created.json()) as { oneTimePassword: string };
    expect((await addMember(greenValley, { email, role: 'VIEWER' })).status()).toBe(201);
    const orgs = [redRiver.memberships[0]!.organization, greenValley.memberships[0]!.organization];

    // a new user: the one-time password must be replaced first (j8-password.spec.ts)
    await login(page, email, oneTimePassword);
    await expect(page).toHaveURL(/\/account\/password$/);
    const newPassword = `switcher ${randomUUID()}`;
    await page.getByLabel('当前密码').fill(oneTimePassword);
    await page.getByLabel('新密码', { exact: true }).fill(newPassword);
    await page.getByLabel('再次输入新密码').fill(newPassword);
    await page.getByRole('button', { name: '保存新密码' }).click();
    await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}$/);
    const currentId = page.url().split('/orgs/')[1]!;
    const current = orgs.find((o) => o.id === currentId)!;
    const other = orgs.find((o) => o.id !== currentId)!;
    expect(current).toBeDefined();

    await page.getByRole('button', { name: switcherName(current.name) }).click();
    const list = page.locator('#org-switcher-list');
    await expect(list.getByRole('link')).toHaveCount(2);
    await expect(list.getByRole('link', { name: current.name })).toHaveAttribute('aria-current', 'page');
    await list.getByRole('link', { name: other.name }).click();
    await expect(page).toHaveURL(new RegExp(`/orgs/${other.id}$`));
    await expect(page.getByRole('main').getByRole('heading', { name: other.name })).toBeVisible();
    await expect(page.getByRole('button', { name: switcherName(other.name) })).toBeVisible();
  });
});

test.describe('mobile shell (375 × 667)', () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

  test('nav behind the menu button, English, logout', async ({ page }) => {
    await login(page, DISPATCHER, PASSWORD);
    await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: '概览' })).toBeVisible();
    await expect(page.getByRole('banner').getByText(GREEN_VALLEY)).toBeVisible();
    await expectNoHorizontalScroll(page);

    // the navigation is collapsed behind the menu button
    const nav = page.getByRole('navigation', { name: '主导航' });
    await expect(nav).toBeHidden();
    const menuButton = page.getByRole('button', { name: '打开导航菜单' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    await expect(nav.getByRole('link', { name: '概览' })).toBeVisible();
    await expect(page.getByRole('button', { name: '关闭导航菜单' })).toHaveAttribute('aria-expanded', 'true');
    await page.screenshot({ path: artifact('shell-mobile.png') });

    // navigating closes the menu
    await nav.getByRole('link', { name: '维修保养' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '维修保养' })).toBeVisible();
    await expect(nav).toBeHidden();
    await expectNoHorizontalScroll(page);

    // English
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Maintenance' })).toBeVisible();
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const navEn = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navEn.getByRole('link', { name: 'Overview' })).toBeVisible();
    await navEn.getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

    // logout
    await page.getByRole('button', { name: /^User menu/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to AMMS' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
