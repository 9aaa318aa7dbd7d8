import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { ApiUser, expectNoHorizontalScroll, login, RED_RIVER } from '../support/field.js';

/**
 * Issue #31 §4.14: with nothing set up or uploaded, the manual library and the recognition from a
 * photo say what they can do and the next step for an admin (at 360 px, axe clean).
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('manual library of an org without its own manuals: what manuals do, and the next step', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await ApiUser.login(request, 'admin@red-river.demo', RED_RIVER);
  const own = await admin.get<{ items: unknown[] }>('documents?source=ORG&limit=1');
  expect(own.items, 'Red River has no manual of its own (no journey uploads one there)').toEqual([]);

  await login(page, 'admin@red-river.demo');
  await page.context().addCookies([{ name: 'amms_locale', value: 'zh-CN', url: new URL(page.url()).origin }]);
  await page.goto(`/orgs/${admin.orgId}/knowledge/documents`);
  const box = page.getByRole('region', { name: '本组织还没有上传自己的手册' });
  await expect(box).toBeVisible({ timeout: 60_000 });
  await expect(box).toContainText('保养周期、故障码');
  await expect(box).toContainText('平台资料库中的手册已经可以使用');
  await expect(box).toContainText('下一步：点击“上传手册”');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'the manual library without own manuals (zh)');

  await page.context().addCookies([{ name: 'amms_locale', value: 'en', url: new URL(page.url()).origin }]);
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Your organization has not uploaded manuals of its own yet' }),
  ).toContainText('Next step: click “Upload manual”', { timeout: 60_000 });
  await expectNoHorizontalScroll(page);

  // a member who cannot upload is told whom to ask
  await page.context().clearCookies();
  await login(page, 'viewer@red-river.demo');
  await page.context().addCookies([{ name: 'amms_locale', value: 'zh-CN', url: new URL(page.url()).origin }]);
  await page.goto(`/orgs/${admin.orgId}/knowledge/documents`);
  await expect(page.getByRole('region', { name: '本组织还没有上传自己的手册' })).toContainText(
    '请组织的管理员上传本组织机具的手册',
    { timeout: 60_000 },
  );
});

test('recognition from a photo: what it does when set up; when not, the catalog by hand and the admin’s next step', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await ApiUser.login(request, 'admin@green-valley.demo');
  const setup = await admin.get<{ configured: boolean }>('machine-models/recognitions/setup');
  expect(setup.configured, 'the e2e API runs with the fake recognition service').toBe(true);
  await login(page, 'admin@green-valley.demo');
  const form = page.getByRole('group', { name: '拍照添加机具' });
  await page.goto(`/orgs/${admin.orgId}/assets/new`);
  await expect(form.getByText('拍一张机具的照片，系统会推荐可能的型号，由您确认。')).toBeVisible({ timeout: 60_000 });
  await expect(form.getByText('拍照识别型号')).toBeVisible();

  // the same page against a deployment without RECOGNITION_URL (its answer, as the API gives it there)
  await page.route('**/machine-models/recognitions/setup', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ configured: false }) }),
  );
  await page.reload();
  await expect(form.getByText('本系统还没有配置照片识别，现在请在下方目录中手动选择型号。')).toBeVisible({
    timeout: 60_000,
  });
  await expect(form).toContainText('配置后，拍一张机具的照片，系统会推荐可能的型号');
  await expect(form).toContainText('管理员的下一步：在服务器上把 RECOGNITION_URL 设为识别服务的地址');
  await expect(form.getByText('拍照识别型号')).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'the new machine page without recognition');
});
