import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { apiLogin } from '../support/field.js';

/**
 * Journey 19 (issue #17): the accountant attaches a photo of a receipt and a PDF invoice to a
 * cost document, sees the photo's thumbnail and opens the file; the stored photo has no EXIF.
 */
const PASSWORD = 'amms-demo-2026';
const ACCOUNTANT = 'accountant@green-valley.demo';
const API_URL = process.env.E2E_API_URL ?? `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;
const NAV_TIMEOUT = 60_000;

test('a receipt photo and a PDF on a cost document: thumbnail shown, file opens, EXIF gone', async ({
  page,
  request,
}) => {
  // a loaded machine (the whole stack on 2 cores) is slow on first loads
  test.setTimeout(240_000);
  const { token, orgId } = await apiLogin(request, ACCOUNTANT);
  const created = await request.post(`${API_URL}/api/v1/orgs/${orgId}/cost-documents`, {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    data: {
      category: 'FUEL',
      documentDate: '2020-02-01',
      supplier: `Receipt journey ${randomUUID().slice(0, 6)}`,
      lines: [{ description: '柴油 0#', quantity: 10, unit: 'L', unitPriceMinor: '789' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const doc = (await created.json()) as { id: string };

  const receipt = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#f4f1e8' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'E2E-Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 0/1' } })
    .toBuffer();

  await page.goto('/login');
  await page.getByLabel('邮箱').fill(ACCOUNTANT);
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}$/, { timeout: NAV_TIMEOUT });
  await page.goto(`/orgs/${orgId}/costs/${doc.id}`);

  const panel = page.getByRole('region', { name: '票据与发票' });
  await expect(panel).toBeVisible({ timeout: NAV_TIMEOUT });
  await expect(panel.getByText('还没有附件。')).toBeVisible({ timeout: NAV_TIMEOUT });
  await panel
    .getByTestId('attachment-file')
    .setInputFiles({ name: '加油小票.jpg', mimeType: 'image/jpeg', buffer: receipt });
  await expect(panel.getByText('已上传 加油小票.jpg')).toBeVisible({ timeout: NAV_TIMEOUT });
  const tile = panel.getByRole('link', { name: '打开 加油小票.jpg' });
  await expect(tile).toBeVisible();
  const thumb = tile.locator('img');
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // a PDF invoice: a tile with its name, no thumbnail
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  await panel
    .getByTestId('attachment-file')
    .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(panel.getByRole('link', { name: '打开 invoice.pdf' })).toBeVisible();

  // a file that is not a photo or a PDF, whatever its name, is refused in plain words
  await panel
    .getByTestId('attachment-file')
    .setInputFiles({ name: 'virus.png', mimeType: 'image/png', buffer: Buffer.from('MZ\x90\x00not an image') });
  await expect(panel.getByRole('alert')).toContainText('不支持此文件类型');

  // open the photo: a new tab on the file, served through the BFF with the document's checks, without EXIF
  const [popup] = await Promise.all([page.waitForEvent('popup'), tile.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toContain('/attachments/');
  const res = await page.request.get((await tile.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/jpeg');
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
  const body = await res.body();
  expect((await sharp(body).metadata()).exif).toBeUndefined();
  expect(body.includes(Buffer.from('E2E-Phone'))).toBe(false);
});
