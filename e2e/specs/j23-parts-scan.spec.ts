import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import config from '../playwright.config.js';
import { checkPage, expectAccessible } from '../support/a11y.js';
import { qrCodeVideo } from '../support/fake-camera.js';
import { ApiUser, artifact, expectNoHorizontalScroll, login, loginTo, primaryMachinesFor } from '../support/field.js';

/**
 * Journey 23 (issue #29): the mechanic on a phone (390 px) scans a part's QR code with the camera
 * and issues it to their work order; the stock moves. Too many says where else the part is. A
 * second issue made offline waits in the field app's queue and reaches the ledger once.
 *
 * The camera is Chromium's fake capture device playing a video of the printed code (a Y4M file
 * written here): getUserMedia, the frames and the decoding are the app's own.
 */
const tag = randomUUID().slice(0, 8);
const barcode = `E2E-${tag}`;
const scratch = join(process.env.TMPDIR ?? '/tmp', 'j23');
mkdirSync(scratch, { recursive: true });
const video = qrCodeVideo(barcode, scratch, `qr-${tag}.y4m`);
const base = config.use?.launchOptions ?? {};

test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  permissions: ['camera'],
  launchOptions: {
    ...base,
    args: [
      ...(base.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

type StockRow = { locationId: string; locationName: string; onHand: number; available: number };
type Movement = { type: string; partId: string; delta: number; workOrderId: string | null };

test('mechanic: scan a part with the camera → issue it to the work order; the stock moves; offline issue synced once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await ApiUser.login(request, 'admin@green-valley.demo');
  const mechanic = await ApiUser.login(request, 'mechanic@green-valley.demo');

  // a part with a barcode, 5 in the central store and 4 in the workshop
  const part = await admin.post<{ id: string; partNumber: string }>('parts', {
    partNumber: `E2E-F-${tag}`,
    nameZh: `E2E 机油滤清器 ${tag}`,
    category: 'FILTER',
    unit: '个',
    barcode,
  });
  const locations = (await admin.get<{ items: { id: string; name: string }[] }>('stock-locations')).items;
  const store = locations.find((l) => l.name === '中心库房')!;
  const workshop = locations.find((l) => l.name === '维修车间')!;
  expect(store && workshop, 'the demo locations').toBeTruthy();
  const receive = (locationId: string, quantity: number) =>
    admin.post('stock-movements', { type: 'RECEIPT', partId: part.id, locationId, quantity, unitCostMinor: '4500' });
  await receive(store.id, 5);
  await receive(workshop.id, 4);

  // a work order of the mechanic's, started
  const machine = (await primaryMachinesFor(admin, 'TRANSPORT'))[0]!;
  const wo = await admin.post<{ id: string; version: number }>('work-orders', {
    type: 'INSPECTION',
    assetId: machine.id,
    title: `E2E 更换机油滤清器 ${tag}`,
    causesDowntime: false,
    assigneeMembershipId: mechanic.membership.membershipId,
  });
  await mechanic.post(`work-orders/${wo.id}/start`, { version: wo.version });

  const stockAt = async (locationId: string) =>
    (await admin.get<{ items: StockRow[] }>(`stock?partId=${part.id}`)).items.find((r) => r.locationId === locationId)!;

  await loginTo(page, 'mechanic@green-valley.demo', `/field/work-orders/${wo.id}?org=${mechanic.orgId}`);
  const panel = page.getByRole('region', { name: '库存配件' });
  await expect(panel).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByText('这张工单还没有预留或领用库存配件。')).toBeVisible();

  // scan: the camera opens, reads the code on the package, and the part is chosen
  await panel.getByRole('button', { name: '扫码', exact: true }).click();
  await expect(panel.getByTestId('chosen-part')).toContainText(part.partNumber, { timeout: 30_000 });
  await expect(panel.getByRole('button', { name: '关闭相机' })).toBeHidden();
  // the location with the most available is proposed
  await expect(panel.getByLabel('库位')).toHaveValue(store.id, { timeout: 30_000 });
  await expectNoHorizontalScroll(page);

  // too many: refused, and the answer says where else it is
  await panel.getByLabel(/^数量/).fill('6');
  await panel.getByRole('button', { name: '领用', exact: true }).click();
  const short = panel.getByRole('alert').filter({ hasText: '库存不足' });
  await expect(short).toBeVisible({ timeout: 30_000 });
  await expect(short.getByTestId('stock-elsewhere')).toContainText('维修车间：4');
  await page.screenshot({ path: artifact('j23-insufficient-stock.png'), fullPage: true });

  // two: issued, shown on the order, and the ledger moved
  await panel.getByLabel(/^数量/).fill('2');
  await panel.getByRole('button', { name: '领用', exact: true }).click();
  await expect(panel.getByRole('status').filter({ hasText: `已领用 ${part.partNumber} × 2` })).toBeVisible({
    timeout: 30_000,
  });
  const list = panel.getByTestId('wo-stock-parts');
  await expect(list).toContainText(part.partNumber);
  await expect(list.getByText('已领用').locator('..')).toContainText('2');
  expect((await stockAt(store.id)).onHand).toBe(3);
  await page.screenshot({ path: artifact('j23-issued.png'), fullPage: true });
  await expectAccessible(page, 'the field work order with its parts');

  // offline: scan again, issue one; it waits in the queue
  await context.setOffline(true);
  await panel.getByRole('button', { name: '扫码', exact: true }).click();
  await expect(panel.getByTestId('chosen-part')).toContainText(part.partNumber, { timeout: 30_000 });
  // (the workshop has more now, so it is proposed: take it from the store again, as the phone last saw it)
  await expect(panel.getByLabel('库位')).toHaveValue(workshop.id);
  await panel.getByLabel('库位').selectOption(store.id);
  await panel.getByLabel(/^数量/).fill('1');
  await panel.getByRole('button', { name: '领用', exact: true }).click();
  await expect(panel.getByText(`已离线保存：${part.partNumber} × 1`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sync-count')).toBeVisible();
  expect((await stockAt(store.id)).onHand).toBe(3);

  // back online: the queue sends it (with its Idempotency-Key) and the ledger has it once
  await context.setOffline(false);
  await expect(page.getByTestId('sync-count')).toBeHidden({ timeout: 60_000 });
  await expect.poll(async () => (await stockAt(store.id)).onHand, { timeout: 30_000 }).toBe(2);
  const view = await mechanic.get<{ movements: Movement[]; partsCostMinor: string }>(
    `work-orders/${wo.id}/stock-parts`,
  );
  const issues = view.movements.filter((m) => m.type === 'ISSUE' && m.partId === part.id);
  expect(issues.map((m) => m.delta).sort((a, b) => a - b)).toEqual([-2, -1]);
  expect(view.partsCostMinor).toBe('13500');
  expect((await stockAt(workshop.id)).onHand).toBe(4);
});

test('inventory pages: no axe violation, no sideways scroll at 360 px', async ({ page, request }) => {
  test.setTimeout(240_000);
  const admin = await ApiUser.login(request, 'admin@green-valley.demo');
  const org = `/orgs/${admin.orgId}`;
  const part = (await admin.get<{ items: { id: string }[] }>('parts?limit=1')).items[0]!;
  await page.setViewportSize({ width: 360, height: 800 });
  await login(page, 'admin@green-valley.demo');
  const heading = (name: string) => (p: typeof page) =>
    expect(p.getByRole('heading', { name })).toBeVisible({ timeout: 60_000 });
  await checkPage(page, `${org}/inventory`, heading('配件目录'));
  await checkPage(page, `${org}/inventory/parts/${part.id}`, heading('各库位库存'));
  await checkPage(page, `${org}/inventory/parts/new`, heading('新建配件'));
  await checkPage(page, `${org}/inventory/stock`, heading('各库位库存'));
  await checkPage(page, `${org}/inventory/movements`, heading('登记出入库'));
  await checkPage(page, `${org}/inventory/low`, heading('低库存'));
  // the low-stock list's way to a purchase draft: the agent page with the goal filled in, not started
  await page.getByRole('link', { name: '起草采购单' }).click();
  await expect(page).toHaveURL(/\/agent\?goal=/, { timeout: 60_000 });
  await expect(page.locator('#agent-goal')).toHaveValue('下周保养需要订哪些配件？', { timeout: 60_000 });
  await checkPage(page, `${org}/inventory/counts`, heading('盘点'));
  await checkPage(page, `${org}/inventory/write-offs`, heading('报废申请'));
  // the desktop work order page shows its parts from stock (and the store keeper's form)
  const wo = (await admin.get<{ items: { id: string }[] }>('work-orders?status=OPEN&limit=1')).items[0]!;
  await checkPage(page, `${org}/maintenance/work-orders/${wo.id}`, heading('库存配件'));
  await expect(page.getByRole('button', { name: '预留', exact: true })).toBeVisible();
});
