import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { API_URL, expectNoHorizontalScroll, GREEN_VALLEY, loginTo, PASSWORD, PHONE } from '../support/field.js';

/**
 * Journey 21 (issue #17): on a phone (375 px), Green Valley's admin opens "add a machine from a
 * photo" in the field app, takes a photo (the fake recognition service knows it), sees the
 * candidates with their confidence, picks one, names the machine and creates it; the API then
 * has the machine with that model and the recognition's model version.
 */
const ADMIN = 'admin@green-valley.demo';
const NAV_TIMEOUT = 60_000;

test.use({ viewport: PHONE });

test('field app: a machine from a photo, candidate picked, created with the recognition', async ({ page, request }) => {
  test.setTimeout(240_000);
  const login = await request.post(`${API_URL}/api/v1/auth/login`, { data: { email: ADMIN, password: PASSWORD } });
  expect(login.ok()).toBeTruthy();
  const me = (await login.json()) as {
    accessToken: string;
    memberships: { organization: { id: string; name: string } }[];
  };
  const orgId = me.memberships.find((m) => m.organization.name === GREEN_VALLEY)!.organization.id;
  const auth = { authorization: `Bearer ${me.accessToken}` };

  // the photo the fake service recognises (641 × 481)
  const photo = await sharp({ create: { width: 641, height: 481, channels: 3, background: '#2f7d32' } })
    .jpeg()
    .toBuffer();

  await loginTo(page, ADMIN, `/field?org=${orgId}`);
  await expect(page).toHaveURL(/\/field\?org=/, { timeout: NAV_TIMEOUT });
  await page.getByRole('link', { name: '拍照添加机具' }).click();
  await expect(page.getByRole('heading', { name: '添加机具' })).toBeVisible({ timeout: NAV_TIMEOUT });
  await expectNoHorizontalScroll(page);

  await page
    .getByTestId('recognise-photo')
    .locator('input[type=file]')
    .setInputFiles({ name: 'tractor.jpg', mimeType: 'image/jpeg', buffer: photo });
  const candidates = page.getByRole('list', { name: '可能的型号' });
  await expect(candidates).toBeVisible({ timeout: NAV_TIMEOUT });
  await expect(candidates.getByRole('button', { name: '选用 John Deere 6R 155（置信度 87 %）' })).toBeVisible();
  await expect(candidates.getByRole('button', { name: '选用 东方红 LX2204（置信度 8 %）' })).toBeVisible();
  await expect(candidates.getByText('Unknown Harvester X（不在目录中）')).toBeVisible();
  await expect(page.getByText('识别模型版本：e2e-fake-2026.12')).toBeVisible();
  await expectNoHorizontalScroll(page);

  await candidates.getByRole('button', { name: /John Deere 6R 155/ }).click();
  await expect(page.getByLabel('机型')).toHaveValue(/[0-9a-f-]{36}/);
  const modelId = await page.getByLabel('机型').inputValue();

  const name = `照片添加 ${randomUUID().slice(0, 6)}`;
  const serial = `J21-${randomUUID().slice(0, 8)}`;
  await page.getByLabel('名称').fill(name);
  await page.getByLabel('序列号').fill(serial);
  await page.getByRole('button', { name: '添加机具' }).click();
  await expect(page.getByRole('status').filter({ hasText: `已添加机具 ${name}（John Deere 6R 155）。` })).toBeVisible({
    timeout: NAV_TIMEOUT,
  });

  const list = await request.get(`${API_URL}/api/v1/orgs/${orgId}/assets?q=${encodeURIComponent(serial)}`, {
    headers: auth,
  });
  expect(list.ok(), await list.text()).toBeTruthy();
  const found = ((await list.json()) as { items: { id: string; serialNumber: string }[] }).items.find(
    (a) => a.serialNumber === serial,
  );
  expect(found).toBeTruthy();
  const asset = await request.get(`${API_URL}/api/v1/orgs/${orgId}/assets/${found!.id}`, { headers: auth });
  const body = (await asset.json()) as {
    name: string;
    modelId: string;
    recognition: { modelVersion: string | null } | null;
  };
  expect(body).toMatchObject({ name, modelId });
  expect(body.recognition).toMatchObject({ modelVersion: 'e2e-fake-2026.12' });
});
