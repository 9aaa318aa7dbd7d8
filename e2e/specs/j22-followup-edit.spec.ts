import { expect, test, type APIRequestContext } from '@playwright/test';
import { ApiUser, loginToOrg } from '../support/field.js';

/**
 * Journey 22 (issue #25 §3): a dispatcher asks for next week's harvest of one field, then says
 * in the same conversation "把周三的改到周四". The agent makes version 2 of the SAME draft (the
 * Wednesday item moved to Thursday, same hours), shows what changed, and the dispatcher confirms
 * exactly that version and executes it.
 *
 * The combine it had on Wednesday may be taken on Thursday (journey j1 executes a harvest that
 * week): then the agent keeps the day the dispatcher said and gives the job a free combine (or
 * a later hour), says why, and version 2 is still valid. So the hours and the machine are not
 * pinned here; the day, the validity and the diff are.
 */
const DISPATCHER = 'dispatcher@green-valley.demo';
const SLOW = process.env.E2E_WEB_DEV ? 240_000 : 30_000;
const FOLLOW_UP = '把周三的改到周四';
const DAY = 86_400_000;
const SH = 8 * 3_600_000;

/** this journey's own field and a 3 h harvest whose window is next Wednesday 00:00 .. Saturday 00:00 (Asia/Shanghai) */
async function ownJob(request: APIRequestContext): Promise<{ field: string; wednesday: number }> {
  const dispatcher = await ApiUser.login(request, DISPATCHER);
  const field = `跟进${100 + Math.floor(Math.random() * 900)}号地`;
  const f = await dispatcher.post<{ id: string }>('fields', { name: field, areaHa: 12 });
  const sh = new Date(Date.now() + SH);
  const toMonday = (8 - sh.getUTCDay()) % 7 || 7;
  const monday = Date.UTC(sh.getUTCFullYear(), sh.getUTCMonth(), sh.getUTCDate() + toMonday) - SH;
  const wednesday = monday + 2 * DAY;
  await dispatcher.post('jobs', {
    fieldId: f.id,
    operationType: 'HARVESTING',
    title: 'e2e j22 收获',
    windowStart: new Date(wednesday).toISOString(),
    windowEnd: new Date(wednesday + 3 * DAY).toISOString(),
    estimatedHours: 3,
  });
  return { field, wednesday };
}

test('a follow-up "把周三的改到周四" makes version 2 of the same draft, shows the change, and is confirmed and executed', async ({
  page,
  request,
}) => {
  test.setTimeout(process.env.E2E_WEB_DEV ? 1_200_000 : 240_000);
  const { field } = await ownJob(request);
  const goalText = `安排下周${field}的收获作业`;

  await page.setViewportSize({ width: 1440, height: 900 });
  await loginToOrg(page, DISPATCHER, { timeout: SLOW });

  // ---- the goal → draft version 1, one item on Wednesday
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '智能调度', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '智能调度' })).toBeVisible({ timeout: SLOW });
  const goal = page.getByLabel('调度目标');
  await goal.fill(goalText);
  await page.getByRole('button', { name: '生成草稿' }).click();
  const first = page.getByRole('article').filter({ hasText: goalText });
  await expect(first.getByText('已完成')).toBeVisible({ timeout: 30_000 });
  await expect(
    first.getByRole('region', { name: '生成的草稿' }).getByText(/第 1 版：1 个条目，0 个无法安排/),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/agent\?conversation=[0-9a-f-]{36}$/);

  // ---- the follow-up in the same conversation → version 2 of the same draft
  await goal.fill(FOLLOW_UP);
  await page.getByRole('button', { name: '生成草稿' }).click();
  const second = page.getByRole('article').filter({ hasText: FOLLOW_UP });
  await expect(second.getByText('已完成')).toBeVisible({ timeout: 30_000 });
  await expect(
    second.getByRole('paragraph').filter({
      hasText: new RegExp(
        `已生成草案第2版（基于第1版），改动1项：${field}：\\d+/\\d+周三 \\d\\d:\\d\\d → \\d+/\\d+周四 \\d\\d:\\d\\d[^。]*。(?:[^。]*所以也调整了[^。]*。)?校验通过，可以确认。`,
      ),
    }),
  ).toBeVisible();
  const card = second.getByRole('region', { name: '生成的草稿' });
  await expect(card.getByText(/第 2 版：1 个条目，0 个无法安排/)).toBeVisible();

  // ---- the draft review: version 2, its diff against version 1, the item on Thursday
  await card.getByRole('link', { name: '查看并确认草稿' }).click();
  await expect(page).toHaveURL(/\/drafts\/[0-9a-f-]{36}$/, { timeout: SLOW });
  const summary = page.getByRole('region', { name: '概要' });
  await expect(summary).toBeVisible({ timeout: SLOW });
  await expect(summary.getByLabel('查看版本')).toHaveValue('2');
  await expect(summary.getByText('通过：没有违反硬约束')).toBeVisible();
  const diff = page.getByRole('region', { name: '与第 1 版相比的变化' });
  await expect(diff).toBeVisible();
  await expect(diff.getByRole('listitem')).toHaveCount(1);
  // the one change: the job's time, Wednesday → Thursday
  await expect(diff.getByRole('listitem').first()).toContainText('变更');
  await expect(diff.getByRole('listitem').first()).toContainText('e2e j22 收获');
  await expect(diff.getByRole('listitem').first()).toContainText(
    /\d\d:\d\d – \S+ \d\d:\d\d → \S+ \d\d:\d\d – \S+ \d\d:\d\d/,
  );
  const items = page.getByRole('region', { name: '条目（1）' });
  await expect(items).toBeVisible();
  await expect(items.getByRole('row').nth(1)).toContainText(/周四|12月|\d+\/\d+/);

  // ---- confirm exactly version 2 + its hash, then execute it
  const hash = await summary.getByTestId('content-hash').getAttribute('title');
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  await summary.getByRole('button', { name: '确认此版本' }).click();
  const confirmDialog = page.getByRole('dialog', { name: '确认草稿' });
  await expect(confirmDialog.getByText(`你将确认：第 2 版，哈希 ${hash!.slice(0, 12)}…`)).toBeVisible();
  await confirmDialog.getByRole('button', { name: '确认第 2 版' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已确认第 2 版。' })).toBeVisible();
  const execution = page.getByRole('region', { name: '执行', exact: true });
  const executeButton = execution.getByRole('button', { name: '执行第 2 版' });
  await expect(executeButton).toBeEnabled({ timeout: 30_000 });
  await executeButton.click();
  await expect(execution.getByText('结果：全部成功')).toBeVisible({ timeout: SLOW });
  await expect(summary.getByText('已执行', { exact: true })).toBeVisible({ timeout: 15_000 });
});
