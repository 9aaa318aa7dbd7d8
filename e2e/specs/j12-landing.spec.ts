import { expect, test } from '@playwright/test';
import { PASSWORD } from '../support/field.js';

/** Journey 12 (issue #12): each role lands where it works after signing in on /login. */
async function signIn(page: import('@playwright/test').Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

test('an operator and a mechanic land in the field app, a dispatcher on the dashboard', async ({ browser }) => {
  for (const [email, where] of [
    ['operator@green-valley.demo', /\/field\?org=/],
    ['mechanic@green-valley.demo', /\/field\?org=/],
    ['dispatcher@green-valley.demo', /\/orgs\/[0-9a-f-]{36}$/],
  ] as const) {
    const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
    const page = await ctx.newPage();
    await signIn(page, email);
    await expect(page, email).toHaveURL(where, { timeout: 60_000 });
    if (email !== 'dispatcher@green-valley.demo')
      await expect(page.getByRole('heading', { level: 1, name: /^你好，/ })).toBeVisible({ timeout: 60_000 });
    await ctx.close();
  }
});
