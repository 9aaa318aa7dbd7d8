import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Journey 8: an admin adds a brand-new person, who signs in with the one-time password and is
 * held at the change-password page until they choose their own; later they change it again from
 * the user menu; an admin resets a member's forgotten password. Only the members this journey
 * creates change password (the demo users keep amms-demo-2026), and they are removed at the end,
 * so other journeys see the seeded org.
 */
const DEMO_PASSWORD = 'amms-demo-2026';
const ADMIN = 'admin@green-valley.demo';
const API_URL = process.env.E2E_API_URL ?? `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;
const SLOW = { timeout: process.env.E2E_WEB_DEV ? 120_000 : 20_000 };
const DASHBOARD = /\/orgs\/[0-9a-f-]{36}$/;

const artifact = (name: string) => fileURLToPath(new URL(`../artifacts/${name}`, import.meta.url));

async function fillLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

async function logout(page: Page) {
  await page.getByRole('button', { name: /^用户菜单/ }).click();
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login/, SLOW);
}

async function adminApi(request: APIRequestContext) {
  const login = await request.post(`${API_URL}/api/v1/auth/login`, { data: { email: ADMIN, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${(await login.json()).accessToken}` };
}

/** Removes the journey's member through the API as the admin. */
async function removeMember(request: APIRequestContext, orgId: string, email: string) {
  const headers = await adminApi(request);
  const list = await request.get(`${API_URL}/api/v1/orgs/${orgId}/members?q=${encodeURIComponent(email)}`, { headers });
  const member = ((await list.json()).items as { id: string; email: string }[]).find((m) => m.email === email);
  if (member)
    expect((await request.delete(`${API_URL}/api/v1/orgs/${orgId}/members/${member.id}`, { headers })).status()).toBe(
      204,
    );
}

test.describe('j8 password', () => {
  test('a new member must replace the one-time password before using AMMS; the old one stops working', async ({
    page,
    request,
  }) => {
    test.setTimeout(process.env.E2E_WEB_DEV ? 600_000 : 180_000);
    const suffix = randomUUID().slice(0, 8);
    const email = `e2e-pwd-${suffix}@green-valley.demo`;
    const name = `E2E 新人 ${suffix}`;
    const chosen = `田间 新密码 ${suffix}`;
    const later = `秋收 再换一次 ${suffix}`;

    // ── the admin adds a new person: the one-time password is shown once ──
    await fillLogin(page, ADMIN, DEMO_PASSWORD);
    await expect(page).toHaveURL(DASHBOARD, SLOW);
    const orgId = page.url().split('/orgs/')[1]!;
    try {
      await page.goto(`/orgs/${orgId}/members`);
      await expect(page.getByRole('heading', { level: 1, name: '成员' })).toBeVisible(SLOW);
      await expect(page.getByRole('main').getByText('正在加载…')).toHaveCount(0, SLOW);
      await page.getByRole('button', { name: '添加成员' }).click();
      const addDialog = page.getByRole('dialog', { name: '添加成员' });
      await addDialog.getByLabel('邮箱').fill(email);
      await addDialog.getByLabel('姓名').fill(name);
      await addDialog.getByLabel('角色').selectOption('VIEWER');
      await addDialog.getByRole('button', { name: '添加', exact: true }).click();
      const otpDialog = page.getByRole('dialog', { name: '新成员的一次性密码' });
      const oneTimePassword = await otpDialog.getByLabel('一次性密码').inputValue();
      expect(oneTimePassword).toMatch(/^\S{16}$/);
      await otpDialog.getByRole('button', { name: '我已保存，关闭' }).click();
      await logout(page);

      // ── the new member signs in with it and is sent to the change-password page ──
      await fillLogin(page, email, oneTimePassword);
      await expect(page).toHaveURL(/\/account\/password$/, SLOW);
      await expect(page.getByRole('heading', { level: 1, name: '请设置你自己的密码' })).toBeVisible();
      await expect(page.getByText('你正在使用管理员发给你的一次性密码')).toBeVisible();

      // no other page opens until it is done (server-side redirect); the way back kept in ?next is
      // the exact page asked for, query included (the org layout answers first, but with the
      // requested path the proxy stamped, not its own)
      const asked = `/orgs/${orgId}/assets?status=IN_MAINTENANCE`;
      const heldAt = new RegExp(`/account/password\\?next=${encodeURIComponent(asked)}$`);
      await page.goto(asked);
      await expect(page).toHaveURL(heldAt, SLOW);
      // a next that leaves the site is dropped, not followed
      await page.goto('/account/password?next=%2F%2Fevil.example');
      await expect(page.getByRole('heading', { level: 1, name: '请设置你自己的密码' })).toBeVisible(SLOW);
      await page.goto('/field');
      await expect(page).toHaveURL(/\/account\/password\?next=%2Ffield$/, SLOW);
      // and the API refuses the session directly, too
      expect((await page.request.get(`/api/proxy/orgs/${orgId}/assets`)).status()).toBe(403);

      await page.goto(asked);
      await expect(page).toHaveURL(heldAt, SLOW);
      const current = page.getByLabel('当前密码');
      const next = page.getByLabel('新密码', { exact: true });
      const again = page.getByLabel('再次输入新密码');

      // a weak new password is caught before sending, with the policy's words
      await current.fill(oneTimePassword);
      await next.fill('abc123');
      await again.fill('abc123');
      await page.getByRole('button', { name: '保存新密码' }).click();
      await expect(page.getByText('至少需要 10 个字符。')).toBeVisible();
      await expect(next).toBeFocused();

      // a wrong current password: the API's CURRENT_PASSWORD_INCORRECT on its field
      await current.fill('not-the-one-time-password');
      await next.fill(chosen);
      await again.fill(chosen);
      await page.getByRole('button', { name: '保存新密码' }).click();
      await expect(page.getByText('当前密码不正确。')).toBeVisible(SLOW);
      await expect(current).toHaveAttribute('aria-invalid', 'true');
      await page.screenshot({ path: artifact('j8-change-password.png'), fullPage: true });

      // the right one: on to the page first asked for, signed in
      await current.fill(oneTimePassword);
      await page.getByRole('button', { name: '保存新密码' }).click();
      await expect(page).toHaveURL(new RegExp(`${asked.replace(/[?]/g, '\\?')}$`), SLOW);
      await expect(page.getByRole('heading', { level: 1, name: '机具' })).toBeVisible(SLOW);
      await page.goto(`/orgs/${orgId}/assets`);
      await expect(page).toHaveURL(new RegExp(`/orgs/${orgId}/assets$`), SLOW);

      // ── later, from the user menu: the form stays, says it worked ──
      await page.getByRole('button', { name: /^用户菜单/ }).click();
      await page.getByRole('link', { name: '修改密码' }).click();
      await expect(page).toHaveURL(
        new RegExp(`/account/password\\?next=${encodeURIComponent(`/orgs/${orgId}/assets`)}$`),
        SLOW,
      );
      await expect(page.getByRole('heading', { level: 1, name: '修改密码' })).toBeVisible();
      await page.getByLabel('当前密码').fill(chosen);
      await page.getByLabel('新密码', { exact: true }).fill(chosen);
      await page.getByLabel('再次输入新密码').fill(chosen);
      await page.getByRole('button', { name: '保存新密码' }).click();
      await expect(page.getByText('新密码不能与当前密码相同。')).toBeVisible(SLOW);
      await page.getByLabel('新密码', { exact: true }).fill(later);
      await page.getByLabel('再次输入新密码').fill(later);
      await page.getByRole('button', { name: '保存新密码' }).click();
      await expect(page.getByRole('status').filter({ hasText: '密码已修改。' })).toBeVisible(SLOW);
      await page.getByRole('link', { name: '返回' }).click();
      await expect(page).toHaveURL(new RegExp(`/orgs/${orgId}/assets$`), SLOW);
      await logout(page);

      // ── the one-time password and the first choice no longer sign in; the latest does ──
      for (const old of [oneTimePassword, chosen]) {
        await fillLogin(page, email, old);
        await expect(page.getByRole('alert').filter({ hasText: '邮箱或密码不正确。' })).toBeVisible(SLOW);
      }
      await fillLogin(page, email, later);
      await expect(page).toHaveURL(DASHBOARD, SLOW);
    } finally {
      await removeMember(request, orgId, email);
    }
  });

  test('an admin resets a member’s password: signed out, the one-time password signs in, the change is forced, then it works', async ({
    page,
    request,
  }) => {
    test.setTimeout(process.env.E2E_WEB_DEV ? 600_000 : 180_000);
    const suffix = randomUUID().slice(0, 8);
    const email = `e2e-reset-${suffix}@green-valley.demo`;
    const name = `E2E 忘记密码 ${suffix}`;
    const own = `自己的 旧密码 ${suffix}`;
    const fresh = `重置后 新密码 ${suffix}`;

    // setup through the API: a member who already chose their own password and is signed in
    const headers = await adminApi(request);
    const orgs = await request.get(`${API_URL}/api/v1/orgs`, { headers });
    const orgId = ((await orgs.json()).items as { organization: { id: string; slug: string } }[]).find(
      (o) => o.organization.slug === 'green-valley',
    )!.organization.id;
    const added = await request.post(`${API_URL}/api/v1/orgs/${orgId}/members`, {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      data: { email, name, role: 'VIEWER' },
    });
    expect(added.status()).toBe(201);
    try {
      const first = await request.post(`${API_URL}/api/v1/auth/login`, {
        data: { email, password: (await added.json()).oneTimePassword },
      });
      const session = await first.json();
      const bearer = { authorization: `Bearer ${session.accessToken}` };
      expect(
        (
          await request.post(`${API_URL}/api/v1/me/password`, {
            headers: bearer,
            data: { currentPassword: (await added.json()).oneTimePassword, newPassword: own },
          })
        ).status(),
      ).toBe(204);
      expect((await request.get(`${API_URL}/api/v1/orgs`, { headers: bearer })).status()).toBe(200);

      // ── the admin resets it from the members page: confirm first, then the password once ──
      await fillLogin(page, ADMIN, DEMO_PASSWORD);
      await expect(page).toHaveURL(DASHBOARD, SLOW);
      await page.goto(`/orgs/${orgId}/members`);
      await expect(page.getByRole('heading', { level: 1, name: '成员' })).toBeVisible(SLOW);
      await page.getByLabel('搜索姓名或邮箱').fill(email);
      await page.getByRole('button', { name: `重置 ${name} 的密码` }).click();
      const confirm = page.getByRole('dialog', { name: '重置密码' });
      await expect(confirm).toContainText(email);
      await confirm.getByRole('button', { name: '重置密码' }).click();
      const otpDialog = page.getByRole('dialog', { name: '新的一次性密码' });
      const oneTimePassword = await otpDialog.getByLabel('一次性密码').inputValue();
      expect(oneTimePassword).toMatch(/^\S{16}$/);
      await page.screenshot({ path: artifact('j8-password-reset.png') });
      await otpDialog.getByRole('button', { name: '我已保存，关闭' }).click();
      await expect(otpDialog).toHaveCount(0);

      // the member's session is gone, and so is their old password
      expect((await request.get(`${API_URL}/api/v1/orgs`, { headers: bearer })).status()).toBe(401);
      expect((await request.post(`${API_URL}/api/v1/auth/login`, { data: { email, password: own } })).status()).toBe(
        401,
      );
      await logout(page);

      // ── the member signs in with the one-time password: the change comes first, then AMMS ──
      await fillLogin(page, email, oneTimePassword);
      await expect(page).toHaveURL(/\/account\/password$/, SLOW);
      await expect(page.getByRole('heading', { level: 1, name: '请设置你自己的密码' })).toBeVisible();
      await page.getByLabel('当前密码').fill(oneTimePassword);
      await page.getByLabel('新密码', { exact: true }).fill(fresh);
      await page.getByLabel('再次输入新密码').fill(fresh);
      await page.getByRole('button', { name: '保存新密码' }).click();
      await expect(page).toHaveURL(DASHBOARD, SLOW);
      expect(page.url()).toContain(orgId);
      await logout(page);
      await fillLogin(page, email, fresh);
      await expect(page).toHaveURL(DASHBOARD, SLOW);
    } finally {
      await removeMember(request, orgId, email);
    }
  });
});
