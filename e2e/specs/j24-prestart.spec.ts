import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  ApiUser,
  artifact,
  expectNoHorizontalScroll,
  latestReadingHours,
  loginTo,
  primaryMachinesFor,
  transportJobNow,
} from '../support/field.js';

/**
 * Journey 24 (issue #31 §2): an operator on a 390 px phone does the machine's pre-start check before
 * starting a job. The demo list is the JD 6R 155 manual's daily table, cited by page. Coolant low (a
 * must-pass item) stops the start and opens a fault report with the item; checked again offline, the
 * check and the start wait in the queue and reach the API once when the phone is back online.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

type Prestart = {
  items: { id: string; label: string; blocksStart: boolean; sourceTitle: string | null; sourcePage: string | null }[];
  checks: { id: string; blocking: boolean; workOrderId: string | null; answers: { label: string; result: string }[] }[];
};

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    // requests refused while the phone is offline are the point of the offline part, not a fault
    if (m.type() === 'error' && !m.text().includes('ERR_INTERNET_DISCONNECTED')) errors.push(m.text());
  });
  return errors;
}

test('operator: pre-start check → a failed must-pass item stops the start and opens a fault report → checked again offline → started once', async ({
  page,
  context,
  request,
}) => {
  const dispatcher = await ApiUser.login(request, 'dispatcher@green-valley.demo');
  const operator = await ApiUser.login(request, 'operator@green-valley.demo');
  const title = `E2E 班前检查 ${randomUUID().slice(0, 6)}`;
  const machines = await primaryMachinesFor(dispatcher, 'TRANSPORT', { prestart: 'only' });
  const { job, machine } = await transportJobNow(dispatcher, operator, title, machines);
  const list = await operator.get<Prestart>(`jobs/${job.id}/prestart`);
  expect(list.items.length).toBeGreaterThan(2);
  const coolant = list.items.find((i) => i.label.includes('冷却液'))!;
  expect(coolant.blocksStart).toBe(true);
  const startReading = Math.round(((await latestReadingHours(dispatcher, machine.id)) + 0.5) * 10) / 10;

  const errors = consoleErrors(page);
  await loginTo(page, 'operator@green-valley.demo', `/field/jobs/${job.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 60_000 });
  const panel = page.getByRole('region', { name: '班前检查' });
  await expect(panel).toBeVisible({ timeout: 30_000 });
  // each item cites the manual's daily table and its page; the start waits for the check
  await expect(panel.getByText(`依据：《${coolant.sourceTitle}》第 ${coolant.sourcePage} 页`).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '开始作业' })).toHaveCount(0);
  await expectNoHorizontalScroll(page);

  // not everything ticked: said so, nothing sent
  await panel
    .getByRole('group', { name: `${list.items[0]!.label}：检查结果` })
    .getByRole('button', { name: '正常' })
    .click();
  await panel.getByRole('button', { name: '提交检查' }).click();
  await expect(panel.getByRole('alert')).toContainText(`还有 ${list.items.length - 1} 项没有检查`);

  // coolant low: a must-pass item fails
  for (const item of list.items) {
    const group = panel.getByRole('group', { name: `${item.label}：检查结果` });
    await group.getByRole('button', { name: item.id === coolant.id ? '有问题' : '正常' }).click();
  }
  await panel.getByLabel('问题说明（可选）').fill('液位低于下刻线');
  await page.screenshot({ path: artifact('field-prestart.png'), fullPage: true });
  await panel.getByRole('button', { name: '提交检查' }).click();
  const blocked = page.getByRole('alert').filter({ hasText: '关键项不合格，不能开始作业' });
  await expect(blocked).toContainText(coolant.label);
  const report = blocked.getByRole('link', { name: /查看故障报告 WO-\d+/ });
  await expect(report).toBeVisible();
  await expect(page.getByRole('button', { name: '开始作业' })).toHaveCount(0);
  await expectNoHorizontalScroll(page);

  // the fault report has the item and the note filled in
  const afterFail = await operator.get<Prestart>(`jobs/${job.id}/prestart`);
  const woId = afterFail.checks[0]!.workOrderId!;
  const wo = await dispatcher.get<{ title: string; description: string }>(`work-orders/${woId}`);
  expect(wo.title).toContain(coolant.label);
  expect(wo.description).toContain('液位低于下刻线');

  // topped up; the signal is gone: the check and the start go into the queue
  await context.setOffline(true);
  await expect(page.getByText('离线：可以继续操作')).toBeVisible({ timeout: 30_000 });
  for (const item of list.items) {
    await panel
      .getByRole('group', { name: `${item.label}：检查结果` })
      .getByRole('button', { name: '正常' })
      .click();
  }
  await panel.getByRole('button', { name: '提交检查' }).click();
  await expect(page.getByRole('status').filter({ hasText: /班前检查已完成/ })).toBeVisible();
  await page.getByLabel(/的发动机小时表读数（小时）$/).fill(String(startReading));
  await page.getByRole('button', { name: '开始作业' }).click();
  await expect(page.getByTestId('sync-count')).toHaveText('2 项更改等待同步');

  // back online: sent once, in order (the check first, then the start)
  await context.setOffline(false);
  await expect(page.getByTestId('sync-count')).toBeHidden({ timeout: 60_000 });
  // the queue ran out while online: said so (issue #31 §4.5)
  await expect(page.getByTestId('sync-done')).toHaveText('所有更改均已同步');
  await expect
    .poll(async () => (await dispatcher.get<{ status: string }>(`jobs/${job.id}`)).status, { timeout: 30_000 })
    .toBe('IN_PROGRESS');
  const final = await dispatcher.get<Prestart>(`jobs/${job.id}/prestart`);
  expect(final.checks.map((c) => c.blocking)).toEqual([false, true]);
  // kept on the machine too, and one fault report only
  const onMachine = await dispatcher.get<{ items: { jobId: string }[] }>(`assets/${machine.id}/prestart-checks`);
  expect(onMachine.items.filter((c) => c.jobId === job.id)).toHaveLength(2);
  expect(errors, errors.join('\n')).toEqual([]);
});
