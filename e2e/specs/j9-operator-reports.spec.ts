import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ApiUser, expectNoHorizontalScroll, loginTo, PHONE } from '../support/field.js';

/**
 * An operator (no maintenance.read) reports a fault from the field app and can follow it: the
 * work order page opens for them, and the home page lists "faults I reported". The API lets a
 * reporter read what they reported, whatever their data scope; nothing else of maintenance.
 */
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

test('operator: report a fault, open the work order, find it under “faults I reported”', async ({ page, request }) => {
  const operator = await ApiUser.login(request, 'operator@green-valley.demo');
  const fault = `E2E 播种机排种不均 ${randomUUID().slice(0, 6)}`;

  await loginTo(page, 'operator@green-valley.demo', '/field');
  await expect(page).toHaveURL(/\/field(\?|$)/, { timeout: 60_000 });
  const reported = page.getByRole('region', { name: '我报告的故障' });
  await expect(reported).toBeVisible({ timeout: 60_000 });
  // an operator has no mechanic's list
  await expect(page.getByRole('heading', { level: 2, name: '我的工单' })).toHaveCount(0);
  // the header links to the password change, which leads back here
  await page.getByRole('link', { name: '修改密码' }).click();
  await expect(page).toHaveURL(/\/account\/password\?next=%2Ffield/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1, name: '修改密码' })).toBeVisible();
  await page.getByRole('link', { name: '返回' }).click();
  await expect(reported).toBeVisible({ timeout: 60_000 });

  await page.getByRole('link', { name: '报告故障' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '报告故障' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('radio').first().check();
  await page.getByLabel('故障描述').fill(`${fault}\n左侧排种管堵塞。`);
  // keep the machine in service: other journeys may book it
  // not pre-ticked (issue #12): the operator says whether the machine can still be used
  await expect(page.getByLabel('机具无法继续使用（停机维修）')).not.toBeChecked();
  await page.getByRole('button', { name: '提交故障报告' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^已上报，工单 WO-\d{6} 已创建。$/ })).toBeVisible();

  await page.getByRole('link', { name: '查看工单' }).click();
  await expect(page.getByRole('heading', { level: 1, name: fault })).toBeVisible({ timeout: 60_000 });
  const workOrderId = /\/field\/work-orders\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  expect(workOrderId).toBeTruthy();
  // reading is all an operator may do with it
  await expect(page.getByRole('button', { name: '开始维修' })).toHaveCount(0);
  await expectNoHorizontalScroll(page);

  await page.goto('/field');
  await expect(reported.getByRole('link', { name: new RegExp(fault) })).toBeVisible({ timeout: 30_000 });
  // the API agrees: the operator reads exactly this order, not the rest of the workshop's
  const mine = await operator.get<{ items: { id: string }[] }>('work-orders?limit=200');
  expect(mine.items.map((w) => w.id)).toContain(workOrderId);
  const admin = await ApiUser.login(request, 'admin@green-valley.demo');
  const all = await admin.get<{ items: unknown[] }>('work-orders?limit=200');
  expect(all.items.length).toBeGreaterThan(mine.items.length);
  // and without its costs: the page above rendered from that reduced answer; the admin sees them
  const costs = ['laborCostMinor', 'partsCostMinor', 'totalCostMinor'];
  const detail = await operator.get<Record<string, unknown>>(`work-orders/${workOrderId}`);
  for (const k of costs) expect(detail).not.toHaveProperty(k);
  for (const w of mine.items) for (const k of costs) expect(w).not.toHaveProperty(k);
  expect(await admin.get<Record<string, unknown>>(`work-orders/${workOrderId}`)).toHaveProperty('totalCostMinor', '0');
});
