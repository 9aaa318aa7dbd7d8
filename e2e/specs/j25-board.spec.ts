import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, settled } from '../support/a11y.js';
import { ApiUser, login } from '../support/field.js';

/**
 * Journey 25 (issue #31 §3, the drag-and-drop board): on the jobs timeline a dispatcher drags a
 * scheduled job with the mouse onto a combine's row: the move becomes a board draft whose item
 * shows the validator's finding (a combine cannot till) at once, on the bar and beside the
 * timeline. With the keyboard only, the dispatcher moves that job on to a free tractor an hour
 * later (arrows, Enter): version 2, no conflicts, confirmed with its content hash.
 */
type Options = {
  machines: { id: string; name: string; kind: string; status: string; capable: boolean; busy: unknown[] }[];
  operators: { membershipId: string; name: string; busy: unknown[] }[];
};
type Draft = {
  id: string;
  currentVersion: number;
  confirmedVersion: number | null;
  versions: { version: number; items: { jobId: string; primaryAssetId: string; startsAt: string }[] }[];
};

const HOUR = 3_600_000;

/** The middle of an element's box, in page coordinates. */
async function centre(l: Locator) {
  const b = (await l.boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** The rows' order on the board (the keyboard walks it with the up/down arrows). */
const rowOrder = (page: Page) =>
  page.locator('[data-board-row]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.boardRow!));

test('drag a job with the mouse → a board draft with its finding; move it on with the keyboard → confirm', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const dispatcher = await ApiUser.login(request, 'dispatcher@green-valley.demo');
  const fields = await dispatcher.get<{ items: { id: string }[] }>('fields?limit=1');
  // a day far ahead (no other journey books there), 08:00–12:00 in Shanghai
  const day = new Date(Date.now() + 430 * 86_400_000);
  const start = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 0);
  const title = `看板 j25 ${Math.random().toString(36).slice(2, 7)}`;
  const job = await dispatcher.post<{ id: string }>('jobs', {
    fieldId: fields.items[0]!.id,
    operationType: 'TILLAGE',
    estimatedHours: 4,
    windowStart: new Date(start - 8 * HOUR).toISOString(),
    windowEnd: new Date(start + 2 * 86_400_000).toISOString(),
    title,
  });
  const options = await dispatcher.get<Options>(`jobs/${job.id}/assign-options`);
  const free = options.machines.filter(
    (m) => m.kind !== 'IMPLEMENT' && m.capable && m.status === 'ACTIVE' && m.busy.length === 0,
  );
  expect(free.length, 'two free tractors').toBeGreaterThanOrEqual(2);
  const [first, second] = free as [Options['machines'][number], Options['machines'][number]];
  const operator = options.operators.find((o) => o.busy.length === 0)!;
  await dispatcher.post(`jobs/${job.id}/assign`, {
    primaryAssetId: first.id,
    operatorMembershipId: operator.membershipId,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 4 * HOUR).toISOString(),
  });
  // a self-propelled machine that cannot till (a combine or a sprayer), free that day
  const combine = options.machines.find(
    (m) => m.kind === 'SELF_PROPELLED' && !m.capable && m.status === 'ACTIVE' && m.busy.length === 0,
  );
  expect(combine, 'a self-propelled machine that cannot till').toBeTruthy();

  // tall enough for every machine row at once: the drag goes from one row to another far below or above
  await page.setViewportSize({ width: 1280, height: 4000 });
  await login(page, 'dispatcher@green-valley.demo');
  const week = new Date(start + 8 * HOUR).toISOString().slice(0, 10);
  await page.goto(`/orgs/${dispatcher.orgId}/jobs/timeline?week=${week}`);
  await settled(page);

  // ---- the mouse: drag the bar from the first tractor's row onto the combine's, same time
  const firstRow = page.locator(`[data-board-row="${first.id}"]`);
  const bar = firstRow.getByRole('link', { name: new RegExp(title) });
  await expect(bar).toBeVisible({ timeout: 60_000 });
  const target = page.locator(`[data-board-row="${combine!.id}"]`);
  await target.scrollIntoViewIfNeeded();
  const at = await centre(bar);
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await page.mouse.move(at.x + 10, at.y - 6, { steps: 3 });
  await expect(page.getByTestId('board-live')).toContainText(`正在移动“${title}”`);
  // the row's centre once the move has started (the same x: the same time)
  const to = { x: at.x, y: (await centre(target)).y };
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await expect(page.getByTestId('board-live')).toContainText(`正在移动“${title}”：${combine!.name}`);
  await page.mouse.up();

  // the draft's item with the validator's finding, at once: on the bar and in the panel
  const panel = page.locator('section[aria-labelledby="board-panel-title"]');
  await expect(panel.getByTestId('board-status')).toContainText(/有 \d+ 个冲突/, { timeout: 60_000 });
  await expect(panel).toContainText('机具组合不能做这项作业');
  await expect(panel.getByRole('heading', { name: '看板草稿 · 第 1 版' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]board=/);
  const moved = target.getByRole('link', { name: new RegExp(`${title}.*冲突`) });
  await expect(moved).toBeVisible();
  // the original booking is drawn as what the draft removes
  await expect(firstRow.getByRole('link', { name: new RegExp(`${title}.*已移除`) })).toBeVisible();
  await expect(panel.getByRole('button', { name: '确认第 1 版' })).toBeDisabled();
  await expectAccessible(page, 'the board with a draft that has a conflict');

  // ---- the keyboard only: focus the moved job, arrows to the second tractor and an hour later, Enter
  await moved.focus();
  const rows = await rowOrder(page);
  const steps = rows.indexOf(second.id) - rows.indexOf(combine!.id);
  for (let i = 0; i < Math.abs(steps); i++) await page.keyboard.press(steps > 0 ? 'ArrowDown' : 'ArrowUp');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('board-live')).toContainText(`正在移动“${title}”：${second.name}`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('board-live')).toContainText('已提出');
  await expect(panel.getByRole('heading', { name: '看板草稿 · 第 2 版' })).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByTestId('board-status')).toContainText('校验通过');
  await expect(
    page.locator(`[data-board-row="${second.id}"]`).getByRole('link', { name: new RegExp(`${title}.*草稿建议`) }),
  ).toBeVisible();
  await expectAccessible(page, 'the board with a valid draft');

  // ---- confirm exactly version 2 and its content hash
  await panel.getByRole('button', { name: '确认第 2 版' }).click();
  await expect(panel.getByTestId('board-status')).toContainText('已确认第 2 版', { timeout: 60_000 });
  const draftId = new URL(page.url()).searchParams.get('board')!;
  const draft = await dispatcher.get<Draft>(`drafts/${draftId}`);
  expect(draft.confirmedVersion).toBe(2);
  const item = draft.versions.find((v) => v.version === 2)!.items[0]!;
  expect(item).toMatchObject({ jobId: job.id, primaryAssetId: second.id });
  expect(Date.parse(item.startsAt)).toBe(start + HOUR);
});
