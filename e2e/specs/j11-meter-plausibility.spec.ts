import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  ApiUser,
  artifact,
  latestReadingHours,
  login,
  loginTo,
  RED_RIVER,
  transportJobNow,
  zhContext,
} from '../support/field.js';

/**
 * Journey 11 (issue #12, bug 1): an absurd engine-hour reading. The operator on the phone types
 * 99999 over a machine last read a few hundred hours: refused with the numbers, accepted only
 * once confirmed ("meter replaced / corrected"). The dispatcher sees the confirmed jump on the
 * machine page, voids it with a reason, and the latest reading is the old one again; the web's
 * own reading form refuses the same jump and offers the confirmation.
 */
test('meter plausibility: the field app refuses and confirms a jump, the dispatcher voids it on the machine page', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // Red River: the green-valley operator's calendar belongs to j2 and j9 (their free slot starts in the past)
  const dispatcher = await ApiUser.login(request, 'dispatcher@red-river.demo', RED_RIVER);
  const operator = await ApiUser.login(request, 'operator@red-river.demo', RED_RIVER);
  const title = `E2E 读数跳变 ${randomUUID().slice(0, 6)}`;
  const { job, machine } = await transportJobNow(dispatcher, operator, title);
  const last = await latestReadingHours(dispatcher, machine.id);
  const absurd = Math.floor(last) + 99_000;

  // the operator, on a phone
  const phone = await zhContext(browser, 'phone');
  const page = await phone.newPage();
  await loginTo(page, 'operator@red-river.demo', '/field');
  const card = page.getByRole('region', { name: '今天' }).getByRole('link', { name: new RegExp(title) });
  await expect(card).toBeVisible({ timeout: 60_000 });
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 60_000 });
  const meter = page.getByLabel(/的发动机小时表读数（小时）$/);
  await meter.fill(String(absurd));
  await page.getByRole('button', { name: '开始作业' }).click();
  await expect(page.getByText(/跳变过大/)).toBeVisible();
  await expect(meter).toHaveAttribute('aria-invalid', 'true');
  const confirm = page.getByRole('checkbox', { name: /小时表已更换，或上次读数有误/ });
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: artifact('field-meter-implausible.png') });
  await confirm.check();
  await page.getByRole('button', { name: '开始作业' }).click();
  await expect(page.getByRole('status').filter({ hasText: '作业已开始。' })).toBeVisible();
  await phone.close();
  const after = await dispatcher.get<{ latestMeterReading: { readingHours: number; jumpConfirmed: boolean } }>(
    `assets/${machine.id}`,
  );
  expect(after.latestMeterReading).toMatchObject({ readingHours: absurd, jumpConfirmed: true });

  // the dispatcher, on the desktop: the machine page
  const desk = await zhContext(browser, { width: 1440, height: 900 });
  const dpage = await desk.newPage();
  await login(dpage, 'dispatcher@red-river.demo');
  await dpage.goto(`/orgs/${dispatcher.orgId}/assets/${machine.id}`);
  const card2 = dpage.getByRole('region', { name: '发动机小时表' });
  await expect(card2).toBeVisible({ timeout: 60_000 });
  // the web's own form refuses another jump and offers the confirmation
  await card2.getByLabel('读数（小时）').fill(String(absurd + 50_000));
  await card2.getByRole('button', { name: '记录读数' }).click();
  await expect(card2.getByText(/跳变过大/)).toBeVisible();
  await expect(card2.getByRole('checkbox', { name: /小时表已更换，或上次读数有误/ })).toBeVisible();
  // the confirmed jump is marked; void it with a reason
  const row = card2.getByRole('row').filter({ hasText: '已确认跳变' }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /作废/ }).click();
  const dialog = dpage.getByRole('dialog', { name: '作废读数' });
  await dialog.getByLabel('作废原因').fill('E2E：机手误输入');
  await dialog.getByRole('button', { name: '作废' }).click();
  await expect(dialog).toBeHidden();
  await expect(card2.getByText('已作废').first()).toBeVisible();
  await expect(card2.getByText('E2E：机手误输入')).toBeVisible();
  await dpage.screenshot({ path: artifact('asset-meter-voided.png'), fullPage: true });
  await desk.close();

  expect(await latestReadingHours(dispatcher, machine.id)).toBe(last);
  // the job's start meter came from the voided reading: cleared
  expect((await dispatcher.get<{ startMeterHours: number | null }>(`jobs/${job.id}`)).startMeterHours).toBeNull();

  // leave the operator free for the next journeys: the job is done (a few minutes of work)
  await operator.post(`jobs/${job.id}/complete`, { areaDoneHa: 1, actualHours: 0.05 });
});
