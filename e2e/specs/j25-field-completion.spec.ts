import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import {
  ApiUser,
  createAssignedJob,
  expectNoHorizontalScroll,
  freeSlotLater,
  hoursFromNow,
  type Job,
  latestReadingHours,
  loginTo,
  primaryMachinesFor,
} from '../support/field.js';

/**
 * Issue #31 §4.6 on a 360 px phone: a job planned for another day says so before it is started;
 * an end reading equal to the start (0 h) with a small area asks first, and the operator records
 * the part done instead (the job stays in progress); the rest is completed later, confirmed.
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('operator: another day’s job says so; 0 h and a small area ask first; a partial completion keeps the job open', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const dispatcher = await ApiUser.login(request, 'dispatcher@green-valley.demo');
  const operator = await ApiUser.login(request, 'operator@green-valley.demo');
  const opId = operator.membership.membershipId;
  const title = `E2E 部分完成 ${randomUUID().slice(0, 6)}`;
  const { job, machine } = await createAssignedJob(dispatcher, {
    title,
    operationType: 'TRANSPORT',
    operatorMembershipId: opId,
    window: [hoursFromNow(-3), hoursFromNow(100)],
    slot: await freeSlotLater(dispatcher, opId, 50, 90),
    machines: await primaryMachinesFor(dispatcher, 'TRANSPORT'),
  });
  const reading = String(Math.round(((await latestReadingHours(dispatcher, machine.id)) + 0.5) * 10) / 10);

  await loginTo(page, 'operator@green-valley.demo', `/field/jobs/${job.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 60_000 });
  // planned two or more days ahead: said above the start form
  await expect(page.getByText(/^注意：这项作业安排在 .+，不是今天。$/)).toBeVisible({ timeout: 30_000 });
  await expectNoHorizontalScroll(page);
  await page.getByLabel(/的发动机小时表读数（小时）$/).fill(reading);
  await page.getByRole('button', { name: '开始作业' }).click();
  await expect(page.getByRole('status').filter({ hasText: '作业已开始。' })).toBeVisible();

  // the end reading equals the start (0 h) and 2 of 12.5 ha: asked, nothing sent
  let completes = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/jobs\/[^/]+\/complete$/.test(new URL(r.url()).pathname)) completes++;
  });
  await page.getByLabel('结束时的发动机小时表读数（小时）').fill(reading);
  await page.getByLabel('完成面积（公顷）').fill('2');
  await page.getByRole('button', { name: '完成作业' }).click();
  const ask = page.getByRole('alert').filter({ hasText: '请核对后确认' });
  await expect(ask).toContainText('结束读数与开始读数相同：记录为 0 小时。');
  await expect(ask).toContainText('完成面积 2 公顷，远少于计划的 12.5 公顷。');
  expect(completes).toBe(0);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'the completion asking about 0 h and a small area');

  // record the part done: the job stays in progress with 2 ha recorded
  await ask.getByRole('button', { name: '只记录已完成的部分，作业保持进行中' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已记录完成的部分，作业仍在进行中。' })).toBeVisible();
  await expect
    .poll(async () => (await operator.get<Job & { areaDoneHa: number | null }>(`jobs/${job.id}`)).status)
    .toBe('IN_PROGRESS');
  const open = await operator.get<Job & { areaDoneHa: number | null; completedAt: string | null }>(`jobs/${job.id}`);
  expect(open).toMatchObject({ areaDoneHa: 2, completedAt: null });
  await page.reload();
  await expect(page.getByText('已记录完成 2 公顷（计划 12.5 公顷）。')).toBeVisible({ timeout: 30_000 });

  // the rest, later: still 0 h on the meter, asked again, confirmed → completed
  await page.getByLabel('结束时的发动机小时表读数（小时）').fill(reading);
  await page.getByLabel('完成面积（公顷）').fill('12.5');
  await page.getByRole('button', { name: '完成作业' }).click();
  const again = page.getByRole('alert').filter({ hasText: '请核对后确认' });
  await expect(again).toContainText('记录为 0 小时');
  await expect(again).not.toContainText('远少于计划');
  await again.getByRole('checkbox', { name: '确认无误，仍然完成作业' }).check();
  await page.getByRole('button', { name: '完成作业' }).click();
  await expect(page.getByRole('status').filter({ hasText: '作业已完成，辛苦了！' })).toBeVisible();
  const done = await operator.get<Job & { areaDoneHa: number; actualHours: number }>(`jobs/${job.id}`);
  expect(done).toMatchObject({ status: 'COMPLETED', areaDoneHa: 12.5, actualHours: 0 });
});
