import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { loginToOrg, expectNoHorizontalScroll } from '../support/field.js';

/**
 * Journey 7: an org admin manages teams, members and API keys; a dispatcher cannot.
 * Everything it changes it creates itself (a team, a VIEWER member, a key) and cleans up
 * (member removed, team deleted, key revoked), so other journeys see the seeded org.
 */
const ADMIN = 'admin@green-valley.demo';
const DISPATCHER = 'dispatcher@green-valley.demo';
const API_URL = process.env.E2E_API_URL ?? `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;

/** a page's first visit may compile it (next dev) or hit a cold cache */
const SLOW = { timeout: process.env.E2E_WEB_DEV ? 120_000 : 20_000 };

const artifact = (name: string) => fileURLToPath(new URL(`../artifacts/${name}`, import.meta.url));

const login = (page: Page, email: string) => loginToOrg(page, email, SLOW);

/** the list has loaded, so the page is hydrated and its buttons work (the server renders the loading state) */
async function listLoaded(page: Page) {
  await expect(page.getByRole('main').getByText('正在加载…')).toHaveCount(0, SLOW);
}

test.describe('j7 admin pages', () => {
  test('admin: create a team, add a member into it, API key secret shown once, revoke', async ({ page, request }) => {
    // three admin pages, each first compiled on demand under `next dev`
    test.setTimeout(process.env.E2E_WEB_DEV ? 600_000 : 180_000);
    const suffix = randomUUID().slice(0, 8);
    const teamName = `E2E 团队 ${suffix}`;
    const email = `e2e-admin-${suffix}@green-valley.demo`;
    const memberName = `E2E 成员 ${suffix}`;
    const keyName = `E2E 集成 ${suffix}`;

    const orgId = await login(page, ADMIN);
    const nav = page.getByRole('navigation', { name: '主导航' });

    // ── teams: create ─────────────────────────────────────────────
    await nav.getByRole('link', { name: '团队', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '团队' })).toBeVisible(SLOW);
    await listLoaded(page);
    await page.getByRole('button', { name: '新建团队' }).click();
    const teamDialog = page.getByRole('dialog', { name: '新建团队' });
    await teamDialog.getByLabel('团队名称').fill(teamName);
    await teamDialog.getByRole('button', { name: '创建', exact: true }).click();
    await expect(teamDialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `已创建团队 ${teamName}。` })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(teamName) })).toBeVisible();

    // the same name again: TEAM_NAME_TAKEN in words on the name field, nothing created
    await page.getByRole('button', { name: '新建团队' }).click();
    await teamDialog.getByLabel('团队名称').fill(teamName);
    await teamDialog.getByRole('button', { name: '创建', exact: true }).click();
    await expect(teamDialog.getByText('已有同名团队，请换一个名称。')).toBeVisible();
    await expect(teamDialog.getByRole('alert')).toContainText('团队名称已被使用。');
    await teamDialog.getByRole('button', { name: '取消' }).click();
    await expect(page.getByRole('row', { name: new RegExp(teamName) })).toHaveCount(1);

    // ── members: add into the team, one-time password shown once ───
    await nav.getByRole('link', { name: '成员', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '成员' })).toBeVisible(SLOW);
    await listLoaded(page);
    await expect(page.getByRole('row', { name: /admin@green-valley\.demo/ })).toBeVisible();
    await page.getByRole('button', { name: '添加成员' }).click();
    const addDialog = page.getByRole('dialog', { name: '添加成员' });
    await addDialog.getByLabel('邮箱').fill(email);
    await addDialog.getByLabel('姓名').fill(memberName);
    await addDialog.getByLabel('角色').selectOption('VIEWER');
    await addDialog.getByRole('checkbox', { name: teamName }).check();
    await addDialog.getByRole('button', { name: '添加', exact: true }).click();

    const otpDialog = page.getByRole('dialog', { name: '新成员的一次性密码' });
    await expect(otpDialog.getByText(`已为 ${email} 创建账号并加入本组织。`)).toBeVisible();
    const otp = await otpDialog.getByLabel('一次性密码').inputValue();
    expect(otp.length).toBeGreaterThanOrEqual(8);
    await expect(otpDialog.getByText('此密码只显示这一次')).toBeVisible();
    await otpDialog.getByRole('button', { name: '复制' }).click();
    await expect(otpDialog.getByRole('status')).toHaveText(/已复制到剪贴板|无法自动复制/);
    await otpDialog.getByRole('button', { name: '我已保存，关闭' }).click();
    await expect(otpDialog).toBeHidden();
    await expect(page.locator('input[data-secret]')).toHaveCount(0);

    await page.getByLabel('搜索姓名或邮箱').fill(email);
    const memberRow = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    await expect(memberRow).toHaveCount(1);
    await expect(memberRow).toContainText(memberName);
    await expect(memberRow).toContainText('只读成员');
    await expect(memberRow).toContainText(teamName);
    await expect(memberRow).toContainText('正常');
    await page.screenshot({ path: artifact('j7-members.png'), fullPage: true });

    // the same email again: MEMBER_EXISTS in words
    await page.getByRole('button', { name: '添加成员' }).click();
    await addDialog.getByLabel('邮箱').fill(email);
    await addDialog.getByRole('button', { name: '添加', exact: true }).click();
    await expect(addDialog.getByRole('alert')).toContainText('该用户已是组织成员。');
    await addDialog.getByRole('button', { name: '取消' }).click();

    // ── API keys: create, the secret once, then gone ───────────────
    await nav.getByRole('link', { name: 'API 密钥', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'API 密钥' })).toBeVisible(SLOW);
    await listLoaded(page);
    await page.getByRole('button', { name: '创建 API 密钥' }).click();
    const keyDialog = page.getByRole('dialog', { name: '创建 API 密钥' });
    // never grantable to a key: not offered
    await expect(keyDialog.getByRole('checkbox', { name: /member\.manage/ })).toHaveCount(0);
    await expect(keyDialog.getByRole('checkbox', { name: /draft\.confirm/ })).toHaveCount(0);
    await keyDialog.getByRole('button', { name: '创建密钥' }).click();
    await expect(keyDialog.getByText('请至少选择一项权限。')).toBeVisible();
    await keyDialog.getByLabel('名称').fill(keyName);
    await keyDialog.getByRole('checkbox', { name: /asset\.read/ }).check();
    await keyDialog.getByRole('checkbox', { name: /job\.read/ }).check();
    await keyDialog.getByLabel('有效期').selectOption('30');
    await keyDialog.getByRole('button', { name: '创建密钥' }).click();

    const secretDialog = page.getByRole('dialog', { name: '新的 API 密钥' });
    const secretInput = secretDialog.getByLabel('密钥', { exact: true });
    await expect(secretInput).toHaveValue(/^amms_[a-z2-9]{12}_[A-Za-z0-9_-]{43}$/);
    const secret = await secretInput.inputValue();
    const prefix = secret.split('_')[1]!;
    await expect(secretDialog.getByText('密钥只显示这一次')).toBeVisible();
    await page.screenshot({ path: artifact('j7-api-key-secret.png') });

    // the key works against the API, with exactly its scopes
    const auth = { authorization: `ApiKey ${secret}` };
    expect((await request.get(`${API_URL}/api/v1/orgs/${orgId}/assets?limit=1`, { headers: auth })).status()).toBe(200);
    expect(
      (await request.get(`${API_URL}/api/v1/orgs/${orgId}/cost-documents?limit=1`, { headers: auth })).status(),
    ).toBe(403);

    await secretDialog.getByRole('button', { name: '我已保存，关闭' }).click();
    await expect(secretDialog).toBeHidden();
    await expect(page.locator('input[data-secret]')).toHaveCount(0);
    const keyRow = page.getByRole('row', { name: new RegExp(keyName) });
    await expect(keyRow).toContainText(`${prefix}…`);
    await expect(keyRow).toContainText('有效');
    await expect(keyRow).toContainText('2 项权限');
    expect(await page.content()).not.toContain(secret.split('_').slice(2).join('_'));
    // and after a reload it is not anywhere either
    await page.reload();
    await expect(keyRow).toBeVisible(SLOW);
    expect(await page.content()).not.toContain(secret.split('_').slice(2).join('_'));

    // revoke with confirmation
    await keyRow.getByRole('button', { name: `吊销 ${keyName}` }).click();
    const revokeDialog = page.getByRole('dialog', { name: '吊销 API 密钥' });
    await expect(revokeDialog).toContainText(`${prefix}…`);
    await revokeDialog.getByRole('button', { name: '吊销密钥' }).click();
    await expect(revokeDialog).toBeHidden();
    await expect(keyRow).toContainText('已吊销');
    await expect(keyRow.getByRole('button', { name: `吊销 ${keyName}` })).toHaveCount(0);
    expect((await request.get(`${API_URL}/api/v1/orgs/${orgId}/assets?limit=1`, { headers: auth })).status()).toBe(401);
    await page.screenshot({ path: artifact('j7-api-keys.png'), fullPage: true });

    // ── clean up through the UI: remove the member, delete the team ─
    await nav.getByRole('link', { name: '成员', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '成员' })).toBeVisible(SLOW);
    await listLoaded(page);
    // The race CI once lost: the search typed just before "remove" starts a list request that
    // reads the database before the delete commits, and its answer arrives after the delete's.
    // Here that answer is held until the delete has answered; the page must still drop the row
    // (lib/refresh.ts cancels the stale request and asks again).
    let deleteAnswered!: () => void;
    const afterDelete = new Promise<void>((resolve) => (deleteAnswered = resolve));
    let searchRead!: () => void;
    const searchHasRead = new Promise<void>((resolve) => (searchRead = resolve));
    let held = 0;
    const searchOfMember = (url: URL) => url.pathname.endsWith('/members') && url.searchParams.get('q') === email;
    await page.route(searchOfMember, async (route) => {
      if (held++ > 0) return route.fallback(); // only the first search request is held
      const stale = await route.fetch(); // the API reads now, before the delete
      searchRead();
      await afterDelete;
      await route.fulfill({ response: stale }).catch(() => undefined); // the page may have cancelled it
    });
    page.on('response', (res) => {
      if (res.request().method() === 'DELETE' && res.url().includes('/members/')) deleteAnswered();
    });
    await page.getByLabel('搜索姓名或邮箱').fill(email);
    await searchHasRead; // the previous rows stay on screen while the search loads
    await memberRow.getByRole('button', { name: `移除 ${memberName}` }).click();
    const removeDialog = page.getByRole('dialog', { name: '移除成员' });
    await expect(removeDialog).toContainText(email);
    await removeDialog.getByRole('button', { name: '移除', exact: true }).click();
    await expect(removeDialog).toBeHidden();
    await expect(memberRow).toHaveCount(0);
    await expect(page.getByText('没有符合条件的成员。')).toBeVisible();
    await page.unroute(searchOfMember);

    await nav.getByRole('link', { name: '团队', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '团队' })).toBeVisible(SLOW);
    await listLoaded(page);
    const teamRow = page.getByRole('row', { name: new RegExp(teamName) });
    await teamRow.getByRole('button', { name: `删除 ${teamName}` }).click();
    const deleteDialog = page.getByRole('dialog', { name: '删除团队' });
    await expect(deleteDialog).toContainText('将不再属于任何团队');
    await deleteDialog.getByRole('button', { name: '删除团队' }).click();
    await expect(deleteDialog).toBeHidden();
    await expect(teamRow).toHaveCount(0);
  });

  test('admin pages at 375 px: tables scroll inside their box', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    const orgId = await login(page, ADMIN);
    for (const [segment, heading] of [
      ['members', '成员'],
      ['teams', '团队'],
      ['api-keys', 'API 密钥'],
    ] as const) {
      await page.goto(`/orgs/${orgId}/${segment}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible(SLOW);
      await listLoaded(page);
      await expectNoHorizontalScroll(page);
    }
  });

  test('dispatcher: no admin entries in the nav, the members page is not accessible', async ({ page }) => {
    const orgId = await login(page, DISPATCHER);
    const nav = page.getByRole('navigation', { name: '主导航' });
    await expect(nav.getByRole('link', { name: '概览' })).toBeVisible(SLOW);
    for (const label of ['成员', '团队', 'API 密钥'])
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveCount(0);

    for (const segment of ['members', 'teams', 'api-keys']) {
      await page.goto(`/orgs/${orgId}/${segment}`);
      await expect(page.getByRole('heading', { name: '无权访问' })).toBeVisible(SLOW);
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(page.getByRole('button', { name: /添加成员|新建团队|创建 API 密钥/ })).toHaveCount(0);
    }
    await page.screenshot({ path: artifact('j7-no-access.png') });
  });
});
