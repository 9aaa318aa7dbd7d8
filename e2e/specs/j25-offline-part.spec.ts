import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { ApiUser, expectNoHorizontalScroll, loginTo, primaryMachinesFor } from '../support/field.js';

/**
 * Issue #31 §4.5: a part the mechanic records offline shows as waiting for the sync (not an
 * endless spinner on the button), and reaches the API once when the phone is back online.
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('mechanic: a part recorded offline is shown as queued, then synced once', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  const admin = await ApiUser.login(request, 'admin@green-valley.demo');
  const mechanic = await ApiUser.login(request, 'mechanic@green-valley.demo');
  const tag = randomUUID().slice(0, 6);
  const machine = (await primaryMachinesFor(admin, 'TRANSPORT'))[0]!;
  const wo = await admin.post<{ id: string; version: number }>('work-orders', {
    type: 'INSPECTION',
    assetId: machine.id,
    title: `E2E 离线登记配件 ${tag}`,
    causesDowntime: false,
    assigneeMembershipId: mechanic.membership.membershipId,
  });
  await mechanic.post(`work-orders/${wo.id}/start`, { version: wo.version });

  await loginTo(page, 'mechanic@green-valley.demo', `/field/work-orders/${wo.id}?org=${mechanic.orgId}`);
  const panel = page.getByRole('region', { name: '配件', exact: true });
  await expect(panel).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByText('尚未登记配件。')).toBeVisible();

  await context.setOffline(true);
  const name = `离线滤芯 ${tag}`;
  await panel.getByLabel('名称').fill(name);
  await panel.getByLabel('数量').fill('2');
  await panel.getByLabel('单价（元）').fill('35.50');
  const add = panel.getByRole('button', { name: '添加配件' });
  await add.click();
  await expect(panel.getByRole('status').filter({ hasText: '已保存在本机，等待同步。' })).toBeVisible({
    timeout: 15_000,
  });
  const queued = panel.getByTestId('field-parts-queued');
  await expect(queued).toContainText(name);
  await expect(queued).toContainText('等待同步');
  // the form is free again (no spinner waiting for the network), emptied for the next part
  await expect(add).toBeEnabled();
  await expect(add).not.toHaveAttribute('aria-busy', 'true');
  await expect(panel.getByLabel('名称')).toHaveValue('');
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'a part queued offline');

  await context.setOffline(false);
  await expect(queued).toBeHidden({ timeout: 60_000 });
  await expect(panel.getByTestId('field-parts')).toContainText(name, { timeout: 30_000 });
  const after = await mechanic.get<{ parts: { name: string; quantity: number }[] }>(`work-orders/${wo.id}`);
  expect(after.parts.filter((p) => p.name === name)).toEqual([expect.objectContaining({ name, quantity: 2 })]);
});
