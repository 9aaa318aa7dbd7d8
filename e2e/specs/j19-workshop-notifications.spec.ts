import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { ApiUser, artifact, login, primaryMachinesFor, zhContext } from '../support/field.js';

/**
 * Journey 19 (issue #12, "costs tie to the workshop" + "an in-app notification list"): the admin
 * assigns a work order to the mechanic → the worker turns the event into the mechanic's
 * notification → the bell in the header counts it, the list links to the order (opening marks it
 * read). The mechanic, on the phone, enters a part on the order while the work runs; the admin sees
 * it with its price and the labour priced hours × rate on the dashboard.
 */
test('notification bell → list → the work order; the mechanic enters a part in the field app; labour hours × rate', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await ApiUser.login(request, 'admin@green-valley.demo');
  const mechanic = await ApiUser.login(request, 'mechanic@green-valley.demo');
  const machine = (await primaryMachinesFor(admin, 'TRANSPORT'))[0];
  expect(machine, 'an ACTIVE tractor').toBeTruthy();
  const title = `E2E 更换液压油管 ${randomUUID().slice(0, 6)}`;
  const wo = await admin.post<{ id: string; number: number; version: number }>('work-orders', {
    type: 'INSPECTION',
    assetId: machine!.id,
    title,
    causesDowntime: false,
    assigneeMembershipId: mechanic.membership.membershipId,
  });
  // a rate on this order: 80 ¥/h
  await admin.call('PATCH', `work-orders/${wo.id}`, { version: wo.version, laborRateMinor: '8000' });

  // the mechanic on the desktop: the bell counts the assignment (the worker writes it a moment later)
  const desk = await zhContext(browser, { width: 1280, height: 900 });
  const page = await desk.newPage();
  await login(page, 'mechanic@green-valley.demo');
  await page.goto(`/orgs/${mechanic.orgId}/maintenance`);
  const bell = page.getByRole('link', { name: /^通知（\d+ 条未读）$/ });
  // the bell asks again every 30 s: no reload needed
  await expect(bell).toBeVisible({ timeout: 90_000 });
  await bell.click();
  await expect(page.getByRole('heading', { level: 1, name: '通知' })).toBeVisible({ timeout: 60_000 });
  const item = page.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('工单派给了你');
  await page.screenshot({ path: artifact('notifications-list.png'), fullPage: true });
  await item.getByRole('link', { name: '查看' }).click();
  await expect(page).toHaveURL(new RegExp(`/maintenance/work-orders/${wo.id}$`), { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: new RegExp(title) })).toBeVisible({ timeout: 60_000 });
  // opened = read
  await expect
    .poll(async () => {
      const list = await mechanic.get<{ items: { resourceId: string; readAt: string | null }[] }>(
        'notifications?limit=50',
      );
      return list.items.find((n) => n.resourceId === wo.id)?.readAt ?? null;
    })
    .not.toBeNull();
  await desk.close();

  // the mechanic on the phone: start, enter a part
  await mechanic.post(`work-orders/${wo.id}/start`, {});
  const phone = await zhContext(browser, 'phone');
  const fpage: Page = await phone.newPage();
  await login(fpage, 'mechanic@green-valley.demo');
  await fpage.goto(`/field/work-orders/${wo.id}?org=${mechanic.orgId}`);
  const parts = fpage.getByRole('region', { name: '配件', exact: true });
  await expect(parts).toBeVisible({ timeout: 60_000 });
  await parts.getByLabel('名称').fill('液压油管');
  await parts.getByLabel('零件号（可选）').fill('HH-12');
  await parts.getByLabel('数量').fill('2');
  await parts.getByLabel('单价（元）').fill('25.50');
  await parts.getByRole('button', { name: '添加配件' }).click();
  await expect(parts.getByTestId('field-parts')).toContainText('液压油管');
  await expect(parts.getByTestId('field-parts')).toContainText('51.00');
  await fpage.screenshot({ path: artifact('field-parts.png'), fullPage: true });
  await phone.close();

  // labour: 1.5 h × 80 ¥/h = 120 ¥; the admin's page shows the part and the priced labour
  const now = await admin.get<{ version: number }>(`work-orders/${wo.id}`);
  await admin.call('PATCH', `work-orders/${wo.id}`, { version: now.version, laborHours: 1.5 });
  const apage = await (await zhContext(browser, { width: 1280, height: 900 })).newPage();
  await login(apage, 'admin@green-valley.demo');
  await apage.goto(`/orgs/${admin.orgId}/maintenance/work-orders/${wo.id}`);
  await expect(apage.getByRole('region', { name: '配件', exact: true })).toContainText('HH-12', { timeout: 60_000 });
  await expect(apage.getByTestId('wo-labour-cost')).toContainText('120.00');
  await apage.screenshot({ path: artifact('work-order-labour.png'), fullPage: true });

  // leave the machine and mechanic as they were: cancel the order
  const last = await admin.get<{ version: number }>(`work-orders/${wo.id}`);
  await admin.post(`work-orders/${wo.id}/cancel`, { version: last.version, reason: 'E2E 完成' });
});
