import { expect, test, type Page } from '@playwright/test';
import { loginToOrg } from '../support/field.js';

/**
 * Issue 14 §2 in the browser: a dispatcher tells the agent to remember a preference, rates the
 * answer (thumbs up), finds it under "我的偏好" with what was said and when, and deletes it; the
 * same page in English.
 */
const DISPATCHER = 'dispatcher@green-valley.demo';
const SLOW = process.env.E2E_WEB_DEV ? 240_000 : 30_000;

const login = (page: Page) => loginToOrg(page, DISPATCHER, { timeout: SLOW });

test.describe('journey 14: agent preferences and feedback', () => {
  test.setTimeout(process.env.E2E_WEB_DEV ? 600_000 : 120_000);

  test('remember a preference, rate the answer, see it under 我的偏好 and delete it', async ({ page }) => {
    await login(page);
    const orgUrl = page.url();
    await page.goto(`${orgUrl}/agent`);
    await expect(page.getByRole('heading', { level: 1, name: '智能调度' })).toBeVisible({ timeout: SLOW });

    const goal = '记住：以后周日不排作业';
    await page.getByLabel('调度目标').fill(goal);
    await page.getByRole('button', { name: '生成草稿' }).click();
    const run = page.getByRole('article').filter({ hasText: goal });
    await expect(run.getByRole('paragraph').filter({ hasText: /^已记住：周日不排作业/ })).toBeVisible({
      timeout: 30_000,
    });

    // thumbs up on the answer
    const feedback = run.getByRole('group', { name: '这个回答有帮助吗？' });
    await feedback.getByRole('button', { name: /有帮助/ }).click();
    await expect(feedback.getByRole('status')).toHaveText('已记录你的反馈。');
    await expect(feedback.getByRole('button', { name: /有帮助/ })).toHaveAttribute('aria-pressed', 'true');

    // 我的偏好: what, the words said, when; then delete
    await page.getByRole('link', { name: '我的偏好' }).click();
    await expect(page).toHaveURL(/\/agent\/preferences$/, { timeout: SLOW });
    await expect(page.getByRole('heading', { level: 1, name: '我的偏好' })).toBeVisible({ timeout: SLOW });
    const item = page.getByRole('listitem').filter({ hasText: '该日不排作业：周日' });
    await expect(item).toHaveCount(1);
    await expect(item.getByText('原话：“以后周日不排作业”')).toBeVisible();
    await expect(item.getByText(/保存于 \d{4}\/\d{2}\/\d{2}/)).toBeVisible();

    // the same page in English
    await page.context().addCookies([{ name: 'amms_locale', value: 'en', url: page.url() }]);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My preferences' })).toBeVisible({ timeout: SLOW });
    const en = page.getByRole('listitem').filter({ hasText: 'No work on this day: Sunday' });
    await expect(en).toHaveCount(1);
    await en.getByRole('button', { name: 'Delete preference: No work on this day: Sunday' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'No work on this day: Sunday' })).toHaveCount(0, {
      timeout: SLOW,
    });
    await expect(page.getByText('No saved preferences yet.', { exact: false })).toBeVisible();
  });
});
