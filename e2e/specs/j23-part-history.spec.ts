import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible, settled } from '../support/a11y.js';
import { ApiUser, artifact, login } from '../support/field.js';

/**
 * Journey 23 (issue #29), the part page's history: a Green Valley dispatcher receives a part and
 * moves some of it to another location (through the API, as the store would), then opens the
 * part's page: the history lists the transfer and the receipt newest first, with who did it,
 * filters by type, and the page stays accessible.
 */
type StockRow = { partId: string; partNumber: string; locationId: string };
type Location = { id: string; name: string };

test('dispatcher: a part page shows its movements newest first, with who, and filters by type', async ({
  page,
  request,
}) => {
  test.setTimeout(process.env.E2E_WEB_DEV ? 600_000 : 180_000);
  const dispatcher = await ApiUser.login(request, 'dispatcher@green-valley.demo');
  const rows = (await dispatcher.get<{ items: StockRow[] }>('stock')).items;
  const locations = (await dispatcher.get<{ items: Location[] }>('stock-locations')).items;
  expect(rows.length, 'the seeded stock').toBeGreaterThan(0);
  expect(locations.length, 'two seeded locations').toBeGreaterThan(1);
  const row = rows[0]!;
  const other = locations.find((l) => l.id !== row.locationId)!;
  const reason = `到货 ${randomUUID().slice(0, 8)}`;
  await dispatcher.post('stock-movements', {
    type: 'RECEIPT',
    partId: row.partId,
    locationId: row.locationId,
    quantity: 3,
    unitCostMinor: '1000',
    reason,
  });
  await dispatcher.post('stock-movements', {
    type: 'TRANSFER',
    partId: row.partId,
    locationId: row.locationId,
    toLocationId: other.id,
    quantity: 1,
    reason: `${reason} 调拨`,
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, 'dispatcher@green-valley.demo');
  await page.goto(`/orgs/${dispatcher.orgId}/inventory/parts/${row.partId}`);
  const history = page.getByRole('table', { name: '该配件在各库位的出入库记录，最新的在前' });
  await expect(history).toBeVisible({ timeout: 120_000 });
  await settled(page);
  const body = history.locator('tbody tr');
  // the transfer is two rows (in and out, same moment), then the receipt
  await expect(body.nth(0)).toContainText('调拨');
  await expect(body.nth(1)).toContainText('调拨');
  await expect(body.nth(2)).toContainText('入库');
  await expect(body.nth(2)).toContainText(reason);
  await expect(body.nth(2)).toContainText('+3');
  await expect(history.getByText(`调往 ${other.name}`)).toBeVisible();
  await page.screenshot({ path: artifact('part-history.png'), fullPage: true });
  await expectAccessible(page, 'part page with history');

  await page.getByLabel('按类型筛选').selectOption({ label: '入库' });
  await expect(body.first()).toContainText('入库');
  await expect(history.getByText('调拨')).toHaveCount(0);
});
