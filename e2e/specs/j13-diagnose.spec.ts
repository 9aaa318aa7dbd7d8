import { expect, test } from '@playwright/test';
import {
  ApiUser,
  artifact,
  type Asset,
  expectModelManualRead,
  expectNoHorizontalScroll,
  login,
  loginTo,
  PHONE,
  zhContext,
} from '../support/field.js';

/**
 * Journey 13 (issue 14): a mechanic on a phone describes a fault of a combine whose model has a
 * seeded manual (雷沃 谷神 GN70) → the agent drafts a CORRECTIVE work order from the manual's
 * troubleshooting section and the machine's records → the mechanic gets the review link → a
 * dispatcher opens it on the dashboard, sees the work order with its cited pages, confirms and
 * executes it → the work order exists exactly once.
 */
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

const SLOW = 120_000;
type WorkOrder = { id: string; type: string; title: string; assetId: string };

test('mechanic diagnoses a fault in the field app; a dispatcher reviews the cited corrective work order, confirms and executes it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const admin = await ApiUser.login(request, 'admin@green-valley.demo');

  // an ACTIVE GN70 combine (its model has the seeded manual), and that manual READY (the worker ingests the seed's manuals)
  const combines = (await admin.get<{ items: Asset[] }>('assets?q=GN70&status=ACTIVE&limit=50')).items;
  expect(combines.length, 'an ACTIVE 雷沃 谷神 GN70').toBeGreaterThan(0);
  const machine = combines[0]!;
  await expectModelManualRead(admin, machine.modelId);
  const before = async () =>
    (await admin.get<{ items: WorkOrder[] }>(`work-orders?assetId=${machine.id}&type=CORRECTIVE&limit=200`)).items
      .length;
  const ordersBefore = await before();

  // ---- the mechanic's phone: describe the fault
  await loginTo(page, 'mechanic@green-valley.demo', '/field');
  await expect(page).toHaveURL(/\/field(\?|$)/, { timeout: 60_000 });
  await page.getByRole('link', { name: '描述故障，让助手诊断' }).click({ timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1, name: '故障诊断' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: '诊断' }).click();
  await expect(page.getByText('请描述机器和故障现象。')).toBeVisible();
  await page.getByLabel('机器和故障现象').fill(`${machine.name} 发动机水温过高，帮我安排检修`);
  await page.getByRole('button', { name: '诊断' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已起草工单，等待调度确认' })).toBeVisible({ timeout: SLOW });
  const diagnosis = page.getByRole('region', { name: '故障维修：发动机水温过高' });
  await expect(diagnosis).toBeVisible();
  await expect(diagnosis).toContainText(machine.name);
  // the checks come from the manual's "5.3 发动机水温过高"
  await expect(diagnosis.getByRole('listitem').filter({ hasText: '散热器' }).first()).toBeVisible();
  await expect(diagnosis.getByRole('link', { name: /第 .+ 页$/ }).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: artifact('field-diagnose.png'), fullPage: true });
  const reviewHref = await page.getByTestId('review-link').getAttribute('href');
  expect(reviewHref).toMatch(/^\/orgs\/[0-9a-f-]{36}\/drafts\/[0-9a-f-]{36}$/);
  // nothing is written before a dispatcher confirms
  expect(await before()).toBe(ordersBefore);

  // ---- a dispatcher on the dashboard: review, confirm, execute
  const desk = await zhContext(browser, { width: 1440, height: 900 });
  const dpage = await desk.newPage();
  await login(dpage, 'dispatcher@green-valley.demo');
  await dpage.goto(reviewHref!);
  const card = dpage.getByRole('region', { name: '故障维修工单（1）' });
  await expect(card).toBeVisible({ timeout: 60_000 });
  await expect(card.getByRole('heading', { name: '故障维修：发动机水温过高' })).toBeVisible();
  await expect(card.getByText('可能原因（按可能性排序）')).toBeVisible();
  await expect(card.getByText('检查步骤（来自手册）')).toBeVisible();
  // the citations open the manual page viewer
  const cite = card.getByRole('link', { name: /谷神 GN70.*第 .+ 页$/ }).first();
  await expect(cite).toBeVisible();
  expect(await cite.getAttribute('href')).toMatch(
    /\/knowledge\/documents\/[0-9a-f-]{36}\/versions\/[0-9a-f-]{36}\/pages\/\d+\?hl=/,
  );
  await dpage.screenshot({ path: artifact('draft-diagnose.png'), fullPage: true });

  const summary = dpage.getByRole('region', { name: '概要' });
  await summary.getByRole('button', { name: '确认此版本' }).click();
  const confirm = dpage.getByRole('dialog', { name: '确认草稿' });
  await confirm.getByRole('button', { name: '确认第 1 版' }).click();
  await expect(dpage.getByRole('status').filter({ hasText: '已确认第 1 版。' })).toBeVisible();
  const execution = dpage.getByRole('region', { name: '执行', exact: true });
  await execution.getByRole('button', { name: '执行第 1 版' }).click({ timeout: 30_000 });
  await expect(execution.getByText('结果：全部成功')).toBeVisible({ timeout: SLOW });

  // exactly one new CORRECTIVE work order on that machine, titled as drafted
  await expect.poll(before, { timeout: 30_000 }).toBe(ordersBefore + 1);
  const orders = (
    await admin.get<{ items: WorkOrder[] }>(`work-orders?assetId=${machine.id}&type=CORRECTIVE&limit=200`)
  ).items;
  expect(orders.filter((w) => w.title === '故障维修：发动机水温过高')).toHaveLength(1);
  await desk.close();
});
