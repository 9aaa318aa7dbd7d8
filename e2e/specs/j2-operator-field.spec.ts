import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  ApiUser,
  artifact,
  expectNoHorizontalScroll,
  type Job,
  latestReadingHours,
  login,
  loginTo,
  PHONE,
  transportJobNow,
  zhContext,
} from '../support/field.js';

/**
 * Journey 2 (issue #5): an operator on a 375 × 667 phone: log in → today's jobs → start with a
 * meter reading → complete with hectares (over a flaky, slow network) → the dispatcher's
 * dashboard shows the job completed.
 */
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

test('operator: today’s job → start with a meter reading → complete with hectares → dispatcher sees it completed', async ({
  page,
  browser,
  request,
}) => {
  // setup via the API: a job for today, assigned to operator@ with a free machine (never seed luck)
  const dispatcher = await ApiUser.login(request, 'dispatcher@green-valley.demo');
  const operator = await ApiUser.login(request, 'operator@green-valley.demo');
  const title = `E2E 运输作业 ${randomUUID().slice(0, 6)}`;
  const { job, machine } = await transportJobNow(dispatcher, operator, title);
  const last = await latestReadingHours(dispatcher, machine.id);

  // log in on the phone, straight into the field app
  await loginTo(page, 'operator@green-valley.demo', '/field');
  await expect(page).toHaveURL(/\/field(\?|$)/, { timeout: 60_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1, name: /^你好，/ })).toBeVisible();
  const today = page.getByRole('region', { name: '今天' });
  const card = today.getByRole('link', { name: new RegExp(title) });
  // (a dev server compiles pages and the API proxy on first use: generous first waits)
  await expect(card).toBeVisible({ timeout: 60_000 });
  await expect(card).toContainText('已安排');
  await expect(page.getByRole('link', { name: '报告故障' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: artifact('field-app.png') });

  // the job page: field and machine set
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('region', { name: '地块' })).toContainText('12.5 公顷');
  await expect(page.getByRole('region', { name: '机具组合' })).toContainText(machine.name);
  await expectNoHorizontalScroll(page);

  // start: a reading below the last one is refused, in words
  const startButton = page.getByRole('button', { name: '开始作业' });
  const meter = page.getByLabel(/的发动机小时表读数（小时）$/);
  if (last >= 1) {
    await meter.fill(String(Math.floor(last) - 1 >= 0 ? Math.floor(last) - 1 : 0));
    await startButton.click();
    await expect(page.getByText(/小于上一次读数/)).toBeVisible();
    await expect(meter).toHaveAttribute('aria-invalid', 'true');
  }
  const startReading = Math.round((last + 0.5) * 10) / 10;
  await meter.fill(String(startReading));
  await startButton.click();
  await expect(page.getByRole('status').filter({ hasText: '作业已开始。' })).toBeVisible();
  await expect(page.getByRole('region', { name: '作业记录' })).toContainText(
    new Intl.NumberFormat('zh-CN').format(startReading),
  );
  await page.screenshot({ path: artifact('field-job.png') });

  // complete over a flaky, slow network: the first attempt is lost, the retry carries the
  // same Idempotency-Key, and the button shows that it is working
  const keys: string[] = [];
  let dropNext = true;
  await page.route('**/api/proxy/orgs/*/jobs/*/complete', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (dropNext) {
      dropNext = false;
      await route.abort('internetdisconnected');
      return;
    }
    await new Promise((r) => setTimeout(r, 1_000));
    await route.continue();
  });
  // completed right after the start: the meter may have moved 0.1 h at most (hours worked must
  // fit in the clock time, issue #12)
  await page.getByLabel('结束时的发动机小时表读数（小时）').fill(String(Math.round((startReading + 0.1) * 10) / 10));
  await page.getByLabel('完成面积（公顷）').fill('11.8');
  await page.getByLabel('加油量（升）').fill('35.5');
  await page.getByLabel('备注', { exact: true }).fill('E2E：作业顺利完成');
  const completeButton = page.getByRole('button', { name: '完成作业' });
  await completeButton.click();
  await expect(page.getByRole('alert').filter({ hasText: '无法连接服务器，请检查网络后重试。' })).toBeVisible();
  await completeButton.click();
  await expect(page.getByRole('button', { name: '正在提交…' })).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('status').filter({ hasText: '作业已完成' })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  const record = page.getByRole('region', { name: '作业记录' });
  await expect(record).toContainText('11.8 公顷');
  await expect(record).toContainText('0.1 小时');
  await expectNoHorizontalScroll(page);

  // back home: the job is in today's list as completed
  await page.getByRole('link', { name: '返回现场首页' }).click();
  await expect(page.getByRole('region', { name: '今天' }).getByRole('link', { name: new RegExp(title) })).toContainText(
    '已完成',
  );

  // the API agrees
  const done = await dispatcher.get<Job & { areaDoneHa: number; actualHours: number; fuelLiters: number }>(
    `jobs/${job.id}`,
  );
  expect(done.status).toBe('COMPLETED');
  expect(done.areaDoneHa).toBe(11.8);
  expect(done.actualHours).toBe(0.1);
  expect(done.fuelLiters).toBe(35.5);

  // the dispatcher, in another browser context (desktop), sees the job completed
  const desk = await zhContext(browser, { width: 1440, height: 900 });
  const dpage = await desk.newPage();
  await login(dpage, 'dispatcher@green-valley.demo');
  await dpage.goto(`/orgs/${dispatcher.orgId}/jobs/${job.id}`);
  await expect(dpage.getByRole('heading', { name: title })).toBeVisible({ timeout: 60_000 });
  await expect(dpage.getByRole('main').getByText('已完成', { exact: true }).first()).toBeVisible();
  await desk.close();
});
