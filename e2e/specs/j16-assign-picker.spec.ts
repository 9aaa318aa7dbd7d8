import { expect, test } from '@playwright/test';
import { ApiUser, login } from '../support/field.js';

/**
 * Journey 16 (issue #12, "pickers that know availability"): a dispatcher assigns a job whose
 * machine and operator are already booked in the default slot by another job. The picker says
 * the machine is busy (by a job, when), groups operators by team, and offers the nearest free
 * slot; taking it assigns the job. The machine is picked right after the dialog opens (bug 6:
 * an early choice was cleared).
 */
type Options = {
  machines: { id: string; name: string; kind: string; status: string; capable: boolean; busy: unknown[] }[];
  operators: { membershipId: string; name: string; teams: { name: string }[]; busy: unknown[] }[];
};

test('a busy machine shows as busy; the nearest free slot is offered and taken', async ({ page, request }) => {
  const dispatcher = await ApiUser.login(request, 'dispatcher@green-valley.demo');
  const fields = await dispatcher.get<{ items: { id: string }[] }>('fields?limit=1');
  // a window far ahead, 3 days: nothing else is booked there
  const day = new Date(Date.now() + 400 * 86_400_000);
  const start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 0));
  const windowStart = start.toISOString();
  const windowEnd = new Date(start.getTime() + 3 * 86_400_000).toISOString();
  const newJob = () =>
    dispatcher.post<{ id: string }>('jobs', {
      fieldId: fields.items[0]!.id,
      operationType: 'TILLAGE',
      estimatedHours: 4,
      windowStart,
      windowEnd,
      notes: 'e2e j16',
    });

  const first = await newJob();
  const options = await dispatcher.get<Options>(`jobs/${first.id}/assign-options`);
  const machine = options.machines.find(
    (m) => m.kind !== 'IMPLEMENT' && m.capable && m.status === 'ACTIVE' && m.busy.length === 0,
  )!;
  const operator = options.operators.find((o) => o.busy.length === 0)!;
  expect(machine, 'a free capable machine').toBeTruthy();
  // the first job takes the machine and the operator for the first 4 hours of the window
  await dispatcher.post(`jobs/${first.id}/assign`, {
    primaryAssetId: machine.id,
    operatorMembershipId: operator.membershipId,
    startsAt: windowStart,
    endsAt: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
  });

  const second = await newJob();
  await login(page, 'dispatcher@green-valley.demo');
  await page.goto(`/orgs/${dispatcher.orgId}/jobs/${second.id}`);
  await page.getByRole('button', { name: '分配机具和机手' }).click({ timeout: 60_000 });
  const dialog = page.getByRole('dialog', { name: '分配机具和机手' });
  const primary = dialog.getByLabel('主机（动力机械或自走式机械）');
  // the busy machine says so, with what books it
  const busyOption = primary.locator('option', { hasText: machine.name });
  await expect(busyOption).toContainText('已被作业占用', { timeout: 60_000 });
  await primary.selectOption(machine.id);
  // operators come grouped by team
  const opSelect = dialog.getByLabel('机手');
  await expect(opSelect.locator('optgroup').first()).toBeAttached();
  await expect(opSelect.locator('option', { hasText: operator.name }).first()).toContainText('已被作业占用');
  await opSelect.selectOption(operator.membershipId);
  // the choice stays (bug 6) and the nearest free slot is offered
  await expect(primary).toHaveValue(machine.id);
  const suggestion = dialog.getByRole('status').filter({ hasText: '最近的空闲时段' });
  await expect(suggestion).toBeVisible();
  await suggestion.getByRole('button', { name: '使用此时段' }).click();
  await expect(busyOption).toContainText('该时段空闲');
  await dialog.getByRole('button', { name: '确认分配' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 30_000 });
  const after = await dispatcher.get<{
    status: string;
    assignment: { startsAt: string; operatorMembershipId: string };
  }>(`jobs/${second.id}`);
  expect(after.status).toBe('SCHEDULED');
  expect(after.assignment.operatorMembershipId).toBe(operator.membershipId);
  expect(Date.parse(after.assignment.startsAt)).toBeGreaterThanOrEqual(start.getTime() + 4 * 3_600_000);
});
