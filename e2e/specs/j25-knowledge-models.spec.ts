import { expect, test, type Locator } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { ApiUser, login } from '../support/field.js';

/**
 * Issue #31 §4.10: the upload dialog's machine models at 1280 px were a two-column grid cut off by
 * its box. Now a searchable multi-select: nothing is clipped, a search narrows the catalog, the
 * chosen models stay in view and can be removed, and axe is clean.
 */
type Model = { id: string; manufacturer: string; name: string };

/** Every option lies inside its scrolling box horizontally (nothing cut off on the right). */
async function clipped(box: Locator): Promise<string[]> {
  return box.evaluate((el) => {
    const edge = el.getBoundingClientRect();
    const out: string[] = [];
    if (el.scrollWidth > el.clientWidth + 1) out.push(`box scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
    for (const label of el.querySelectorAll('label')) {
      const r = label.getBoundingClientRect();
      if (r.right > edge.right + 1 || r.left < edge.left - 1) out.push(`"${label.textContent}" reaches past the box`);
    }
    return out;
  });
}

test('upload dialog at 1280 px: the machine models are a searchable multi-select, none clipped', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await ApiUser.login(request, 'admin@green-valley.demo');
  // the whole catalog, page by page: other journeys add models, so it can pass one page of 200
  const models: Model[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: Model[]; nextCursor: string | null } = await admin.get(
      `machine-models?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    models.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  expect(models.length, 'a catalog of several models').toBeGreaterThan(6);
  const target = models[models.length - 1]!;
  const other = models[0]!;
  const nameOf = (x: Model) => `${x.manufacturer} ${x.name}`;

  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, 'admin@green-valley.demo');
  await page.goto(`/orgs/${admin.orgId}/knowledge/documents`);
  await page.getByRole('button', { name: '上传手册' }).click();
  const dialog = page.getByRole('dialog', { name: '上传手册' });
  const group = dialog.getByRole('group', { name: '适用机型' });
  await expect(group.getByText('还没有选择机型。')).toBeVisible({ timeout: 30_000 });
  const box = group.getByTestId('model-options');
  await expect(box.getByRole('checkbox')).toHaveCount(models.length);
  expect(await clipped(box)).toEqual([]);

  // search narrows the list (maker and model words, any case)
  const search = group.getByRole('searchbox', { name: '搜索机型（厂家或型号）' });
  await search.fill(target.name.toLowerCase());
  await expect(box.getByRole('checkbox', { name: nameOf(target) })).toBeVisible();
  const narrowed = await box.getByRole('checkbox').count();
  expect(narrowed).toBeLessThan(models.length);
  await expect(group.getByText(`显示 ${narrowed} / ${models.length} 个机型`)).toBeVisible();
  await box.getByRole('checkbox', { name: nameOf(target) }).check();
  await search.fill('zzz-no-such-model');
  await expect(group.getByText('没有与“zzz-no-such-model”匹配的机型。')).toBeVisible();
  await search.fill('');
  await box.getByRole('checkbox', { name: nameOf(other) }).check();

  // the chosen stay in view as chips, removable
  await expect(group.getByText('已选 2 个机型')).toBeVisible();
  await group.getByRole('button', { name: `移除 ${nameOf(target)}` }).click();
  await expect(group.getByText('已选 1 个机型')).toBeVisible();
  await expect(box.getByRole('checkbox', { name: nameOf(target) })).not.toBeChecked();
  await expect(box.getByRole('checkbox', { name: nameOf(other) })).toBeChecked();
  expect(await clipped(box)).toEqual([]);
  await expectAccessible(page, 'the upload dialog with the model picker');
});
