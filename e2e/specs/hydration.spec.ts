import { expect, test, type Page } from '@playwright/test';
import { loginTo, PASSWORD, PHONE } from '../support/field.js';

/**
 * The pages whose data is fetched during the server render and streamed in (overview, analytics,
 * jobs timeline, field home) hydrate without a mismatch: a hydration error (React #418) throws
 * the server's HTML away and renders the whole page again in the browser (issue #16).
 */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}

test('streamed pages hydrate without a mismatch (desktop)', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/login');
  await page.getByLabel('邮箱').fill('owner@green-valley.demo');
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const org = new URL(page.url()).pathname;
  for (const path of [org, `${org}/analytics`, `${org}/jobs/timeline`]) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('main')).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test.describe('field app', () => {
  test.use({ viewport: PHONE });
  test('the field home hydrates without a mismatch (phone)', async ({ page }) => {
    const errors = collectPageErrors(page);
    await loginTo(page, 'mechanic@green-valley.demo', '/field');
    await expect(page).toHaveURL(/\/field/, { timeout: 60_000 });
    await page.goto('/field', { waitUntil: 'networkidle' });
    await expect(page.getByRole('main')).toBeVisible();
    expect(errors).toEqual([]);
  });
});
