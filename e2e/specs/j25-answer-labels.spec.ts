import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { ApiUser, expectNoHorizontalScroll, login } from '../support/field.js';

/**
 * Issue #31 §4.9: an answer given earlier in Chinese, read later in the English UI, shows its
 * labels (metric, definition, scope) in English; the text the agent wrote stays as written.
 */
test('a Chinese business answer reads with English labels in the English UI, its text unchanged', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await ApiUser.login(request, 'owner@green-valley.demo');
  const run = await owner.post<{
    id: string;
    conversationId: string | null;
    answer: { text: string; figures: { metric: string }[] } | null;
  }>('agent/runs', { goal: '最近30天的利用率是多少？' });
  expect(run.answer?.figures.map((f) => f.metric)).toContain('utilization');
  expect(run.conversationId).toBeTruthy();
  const firstLine = run.answer!.text.split('\n')[0]!;
  expect(firstLine).toContain('全组织');

  await login(page, 'owner@green-valley.demo');
  const open = async (lang: 'zh-CN' | 'en') => {
    await page.context().addCookies([{ name: 'amms_locale', value: lang, url: new URL(page.url()).origin }]);
    await page.goto(`/orgs/${owner.orgId}/agent?conversation=${run.conversationId}`);
    const answer = page.getByTestId('agent-answer').first();
    await expect(answer).toBeVisible({ timeout: 60_000 });
    return answer;
  };

  const zh = await open('zh-CN');
  const zhTable = zh.getByRole('table');
  await expect(zhTable.getByRole('rowheader').first()).toContainText('利用率');
  await expect(zhTable).toContainText('口径：作业小时');
  await expect(zhTable).toContainText('全组织');

  const en = await open('en');
  const table = en.getByRole('table');
  await expect(table.getByRole('rowheader').first()).toContainText('Utilization');
  await expect(table).toContainText('Definition: productive hours');
  await expect(table).toContainText('whole organization');
  for (const word of ['利用率', '口径', '全组织', '作业小时']) await expect(table).not.toContainText(word);
  // the agent's own words stay as it wrote them
  await expect(en.getByText(firstLine, { exact: false })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'an earlier Chinese answer in the English UI');
});
