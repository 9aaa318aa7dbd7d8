import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { loginToOrg, expectNoHorizontalScroll } from '../support/field.js';

/**
 * Journey 1 (issue #5): a Green Valley dispatcher asks the agent for next week's harvest,
 * reviews the draft on the timeline, edits it (version 2 with a diff), confirms exactly that
 * version + hash, executes it with live receipts, and reads the audit trail ("chain verified").
 */
const PASSWORD = 'amms-demo-2026';
const DISPATCHER = 'dispatcher@green-valley.demo';
const GOAL = '安排下周的收获作业，避开维修中的机器';

/** first hits of a `next dev` server compile the page: be patient there */
const SLOW = process.env.E2E_WEB_DEV ? 240_000 : 30_000;

const artifact = (name: string) => fileURLToPath(new URL(`../artifacts/${name}`, import.meta.url));

const login = (page: Page, email: string, password: string) => loginToOrg(page, email, { password, timeout: SLOW });

test.describe('journey 1: dispatcher → agent → draft → confirm → execute → audit', () => {
  test.setTimeout(process.env.E2E_WEB_DEV ? 1_200_000 : 180_000);

  test('next week’s harvest, edited, confirmed, executed and audited', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, DISPATCHER, PASSWORD);
    const orgUrl = page.url();

    // ---- the agent panel
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '智能调度', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '智能调度' })).toBeVisible({ timeout: SLOW });
    const goal = page.getByLabel('调度目标');
    await expect(goal).toBeVisible();
    // an example goal fills the box; the journey's own goal replaces it
    await page.getByRole('button', { name: `填入示例：${GOAL}` }).click();
    await expect(goal).toHaveValue(GOAL);
    await goal.fill(GOAL);
    await page.getByRole('button', { name: '生成草稿' }).click();

    const run = page.getByRole('article').filter({ hasText: GOAL });
    await expect(run.getByText('已完成')).toBeVisible({ timeout: 30_000 });
    await expect(run.getByText('助手做了什么')).toBeVisible();
    await expect(run.getByText(/理解目标：安排作业，时间段 \d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}/)).toBeVisible();
    await expect(run.getByText(/查找待安排的作业/)).toBeVisible();
    // tool steps say how many records they read, not only bytes
    await expect(
      run.getByText(/查看可用机具及其状态.*读到 [1-9]\d* 条记录（约 [\d.]+ (KB|字节)），用时 \d+ 毫秒/),
    ).toBeVisible();
    await expect(run.getByText(/避开维修中的机具/)).toBeVisible();
    const draftCard = run.getByRole('region', { name: '生成的草稿' });
    await expect(draftCard).toBeVisible();
    await expect(draftCard.getByText(/第 1 版：\d+ 个条目，\d+ 个无法安排/)).toBeVisible();
    await expect(page).toHaveURL(/\/agent\?conversation=[0-9a-f-]{36}$/);
    await page.screenshot({ path: artifact('agent-panel.png'), fullPage: true });

    // ---- the draft review
    await draftCard.getByRole('link', { name: '查看并确认草稿' }).click();
    await expect(page).toHaveURL(/\/drafts\/[0-9a-f-]{36}$/, { timeout: SLOW });
    const draftUrl = page.url();
    const summary = page.getByRole('region', { name: '概要' });
    await expect(summary).toBeVisible({ timeout: SLOW });
    await expect(summary.getByText('待确认', { exact: true })).toBeVisible();
    await expect(summary.getByText('通过：没有违反硬约束')).toBeVisible();
    await expect(summary.getByLabel('查看版本')).toHaveValue('1');

    const itemsCard = page.getByRole('region', { name: /^条目（\d+）$/ });
    await expect(itemsCard).toBeVisible();
    const itemsTitle = (await itemsCard.getByRole('heading').first().textContent()) ?? '';
    const n1 = Number(/（(\d+)）/.exec(itemsTitle)?.[1]);
    expect(n1).toBeGreaterThanOrEqual(2);
    await expect(itemsCard.getByRole('row')).toHaveCount(n1 + 1);

    // unplaced jobs: their reasons, or an explicit "none"
    const unplaced = page.getByRole('region', { name: /^无法安排的作业（\d+）$/ });
    await expect(unplaced).toBeVisible();
    if ((await unplaced.getByRole('heading').textContent())?.includes('（0）'))
      await expect(unplaced.getByText('没有：所有作业都已安排。')).toBeVisible();
    else await expect(unplaced.getByRole('listitem').first()).toBeVisible();

    // the timeline: proposed bars with accessible names, the legend, existing bookings loaded
    const timeline = page.getByRole('group', { name: '草稿建议与相关机具已有安排的时间线' });
    await expect(timeline).toBeVisible();
    // each item on its machine's row and on its operator's lane; the bars open cards (not links)
    await expect(timeline.getByRole('button', { name: /（草稿建议）/ })).toHaveCount(2 * n1);
    await expect(timeline.getByText('图例')).toBeVisible();
    await expect(page.getByRole('region', { name: /时间线：草稿建议与已有安排/ }).getByRole('status')).toHaveCount(0, {
      timeout: 30_000,
    });
    await page.screenshot({ path: artifact('draft-review.png'), fullPage: true });

    // ---- edit: drop the first item → version 2 with a diff
    const firstJob = (await itemsCard.getByRole('row').nth(1).getByRole('rowheader').textContent())?.trim() ?? '';
    await itemsCard.getByRole('button', { name: /^编辑/ }).first().click();
    const editDialog = page.getByRole('dialog', { name: /^编辑条目：/ });
    await expect(editDialog).toBeVisible();
    await expect(editDialog.getByLabel('主机具')).toBeVisible();
    await expect(editDialog.getByLabel('机手')).toBeVisible();
    await editDialog.getByLabel('从草稿中移除这个条目').check();
    await editDialog.getByLabel('修改说明（可选）').fill('e2e：移除第一个条目');
    await editDialog.getByRole('button', { name: '保存为新版本' }).click();
    await expect(editDialog).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('status').filter({ hasText: '已生成第 2 版，已重新校验。' })).toBeVisible();
    await expect(summary.getByLabel('查看版本')).toHaveValue('2');
    await expect(page.getByRole('region', { name: `条目（${n1 - 1}）` })).toBeVisible();
    const diff = page.getByRole('region', { name: '与第 1 版相比的变化' });
    await expect(diff).toBeVisible();
    await expect(diff.getByRole('listitem')).toHaveCount(1);
    await expect(diff.getByRole('listitem').first()).toContainText('移除');
    await expect(diff.getByRole('listitem').first()).toContainText(firstJob.slice(0, 6));
    // the removed booking stays visible on the timeline, marked as removed
    await expect(timeline.getByRole('button', { name: /（已移除）/ })).toHaveCount(2);

    // ---- confirm exactly version 2 + its hash
    const hash = await summary.getByTestId('content-hash').getAttribute('title');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    await summary.getByRole('button', { name: '确认此版本' }).click();
    const confirmDialog = page.getByRole('dialog', { name: '确认草稿' });
    await expect(confirmDialog).toBeVisible();
    await expect(confirmDialog.getByText(`你将确认：第 2 版，哈希 ${hash!.slice(0, 12)}…`)).toBeVisible();
    await expect(confirmDialog.getByText(hash!)).toBeVisible();
    await confirmDialog.getByRole('button', { name: '确认第 2 版' }).click();
    await expect(confirmDialog).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: '已确认第 2 版。' })).toBeVisible();
    await expect(summary.getByText(/已确认：第 2 版/)).toBeVisible();

    // ---- execute: live receipts, final status, links to the jobs
    const execution = page.getByRole('region', { name: '执行', exact: true });
    const executeButton = execution.getByRole('button', { name: '执行第 2 版' });
    await expect(executeButton).toBeEnabled({ timeout: 30_000 });
    // the page follows the execution over its event stream, through the BFF, unbuffered
    // (Chromium reports each server-sent message over CDP)
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const messages: { eventName: string; data: string }[] = [];
    cdp.on('Network.eventSourceMessageReceived', (e) => messages.push(e));
    const stream = page.waitForResponse(
      (r) => /\/api\/proxy\/orgs\/[^/]+\/executions\/[0-9a-f-]{36}\/events$/.test(r.url()),
      { timeout: SLOW },
    );
    await executeButton.click();
    await expect(page).toHaveURL(/\?execution=[0-9a-f-]{36}$/);
    const streamed = await stream;
    expect(streamed.status()).toBe(200);
    expect(streamed.headers()['content-type']).toMatch(/^text\/event-stream/);
    expect(
      streamed.headers()['content-encoding'],
      'the stream is not compressed (compression buffers it)',
    ).toBeUndefined();
    await expect(execution.getByText('结果：全部成功')).toBeVisible({ timeout: SLOW });
    // the stream delivered the execution up to its final status
    expect(messages.length).toBeGreaterThanOrEqual(1);
    expect(messages.every((e) => e.eventName === 'execution')).toBe(true);
    expect(JSON.parse(messages.at(-1)!.data)).toMatchObject({ status: 'SUCCEEDED', counts: { pending: 0 } });
    await cdp.detach();
    const receipts = execution.getByRole('list', { name: '回执' }).getByRole('listitem');
    await expect(receipts).toHaveCount(n1 - 1);
    await expect(receipts.filter({ hasText: '成功' })).toHaveCount(n1 - 1);
    await expect(execution.getByRole('link', { name: /^查看作业/ })).toHaveCount(n1 - 1);
    await expect(execution.getByText(`已处理 ${n1 - 1} / ${n1 - 1}`)).toBeVisible();
    await expect(summary.getByText('已执行', { exact: true })).toBeVisible({ timeout: 15_000 });
    const firstRecord = await execution
      .getByRole('link', { name: /^查看作业/ })
      .first()
      .getAttribute('href');
    expect(firstRecord).toMatch(/\/jobs\/[0-9a-f-]{36}$/);

    // a reload finds the execution again (the draft lists its executions)
    await page.goto(draftUrl);
    await expect(page.getByRole('region', { name: '执行', exact: true }).getByText('结果：全部成功')).toBeVisible({
      timeout: SLOW,
    });

    // ---- the audit trail of the draft
    await page.getByRole('link', { name: '查看审计轨迹' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '草稿的审计轨迹' })).toBeVisible({ timeout: SLOW });
    await expect(page.getByText('审计链校验通过')).toBeVisible({ timeout: 30_000 });
    const stages = page.getByRole('list', { name: '草稿的审计轨迹' });
    for (const stage of ['目标', '运行', '工具', '版本', '确认', '执行', '回执', '记录']) {
      await expect(stages.getByRole('listitem').filter({ hasText: `✓ ${stage}` })).toHaveCount(1);
    }
    const trail = page.getByRole('region', { name: '草稿的审计轨迹' });
    await expect(trail.getByText(`提出目标：“${GOAL}”`)).toBeVisible();
    await expect(trail.getByText(/第 \d+ 步：查找待安排的作业/)).toBeVisible();
    await expect(trail.getByText(/生成第 1 版：\d+ 个条目/)).toBeVisible();
    await expect(trail.getByText(/编辑生成第 2 版（基于第 1 版）：新增 0，移除 1，变更 0/)).toBeVisible();
    await expect(trail.getByText(`确认第 2 版，哈希 ${hash!.slice(0, 12)}…`)).toBeVisible();
    await expect(trail.getByText(`请求执行第 2 版（${n1 - 1} 个条目）`)).toBeVisible();
    await expect(trail.getByText('执行开始')).toBeVisible();
    await expect(trail.getByText(/^条目 #\d+ 回执：成功，写入作业/)).toHaveCount(n1 - 1);
    await expect(trail.getByText(`执行结束：全部成功（成功 ${n1 - 1}，冲突 0，失败 0）`)).toBeVisible();

    // ---- the org audit page: paginated events and the verify button
    await page.goto(`${orgUrl}/audit`);
    await expect(page.getByRole('heading', { level: 1, name: '审计' })).toBeVisible({ timeout: SLOW });
    await page.getByRole('button', { name: '校验审计链' }).click();
    await expect(page.getByText('审计链校验通过')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: '审计日志' }).getByRole('row').nth(1)).toBeVisible();

    // ---- the drafts list shows it as executed; 375 px does not break the layout
    await page.goto(`${orgUrl}/drafts`);
    const draftId = new URL(draftUrl).pathname.split('/').at(-1)!;
    const row = page.getByRole('row').filter({ has: page.locator(`a[href$="/drafts/${draftId}"]`) });
    await expect(row).toBeVisible({ timeout: SLOW });
    await expect(row.getByText('已执行')).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(draftUrl);
    await expect(page.getByRole('region', { name: '概要' })).toBeVisible({ timeout: SLOW });
    await expect(page.getByRole('group', { name: '草稿建议与相关机具已有安排的时间线' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
