import { expect, test } from '@playwright/test';
import { API_URL, ApiUser, artifact, login } from '../support/field.js';

/**
 * Journey 23 (issue #29): a Green Valley dispatcher on the desktop asks the agent which parts to
 * order for next week's services → a PURCHASE draft (lines per supplier, each with its reason) →
 * confirms that version → executes it → a PARTS cost document per supplier exists, submitted for
 * approval, linked from the execution's receipts.
 */
const GOAL = '下周保养需要订哪些配件？';
const SLOW = process.env.E2E_WEB_DEV ? 240_000 : 60_000;

type StockRow = { partId: string; partNumber: string; locationId: string; available: number };
type CostDoc = { id: string; category: string; status: string; supplier: string | null };

test('dispatcher: agent purchase goal → PURCHASE draft → confirm → execute → the cost documents exist', async ({
  page,
  request,
}) => {
  test.setTimeout(process.env.E2E_WEB_DEV ? 1_200_000 : 240_000);
  const dispatcher = await ApiUser.login(request, 'dispatcher@green-valley.demo');
  // one part surely needs ordering, whatever earlier runs ordered: its reorder point far above what is there
  const rows = (await dispatcher.get<{ items: StockRow[] }>('stock')).items;
  expect(rows.length, 'the seeded stock').toBeGreaterThan(0);
  const row = rows[0]!;
  const put = await request.fetch(`${API_URL}/api/v1/orgs/${dispatcher.orgId}/stock/reorder`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${dispatcher.token}` },
    data: { partId: row.partId, locationId: row.locationId, reorderPoint: 100_000, reorderQty: 1 },
  });
  expect(put.status()).toBe(200);
  const docsBefore = (await dispatcher.get<{ items: CostDoc[] }>('cost-documents?category=PARTS&limit=200')).items
    .length;

  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'dispatcher@green-valley.demo');
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '智能调度', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '智能调度' })).toBeVisible({ timeout: SLOW });
  await page.getByLabel('调度目标').fill(GOAL);
  await page.getByRole('button', { name: '生成草稿' }).click();

  const run = page.getByRole('article').filter({ hasText: GOAL });
  await expect(run.getByText('已完成')).toBeVisible({ timeout: SLOW });
  await expect(run.getByText(/计算到期保养所需配件与库存/)).toBeVisible();
  const draftCard = run.getByRole('region', { name: '生成的草稿' });
  await expect(draftCard.getByText(/第 1 版：\d+ 项配件待采购，\d+ 家供应商/)).toBeVisible();
  await draftCard.getByRole('link', { name: '查看并确认草稿' }).click();
  await expect(page).toHaveURL(/\/drafts\/[0-9a-f-]{36}$/, { timeout: SLOW });

  // the lines per supplier, each with its reason; the forced part is among them
  const lines = page.getByRole('region', { name: /^采购明细（\d+ 项）$/ });
  await expect(lines).toBeVisible({ timeout: SLOW });
  const suppliers = await lines.getByTestId('purchase-supplier').count();
  expect(suppliers).toBeGreaterThan(0);
  const forced = lines.getByTestId('purchase-line').filter({ hasText: row.partNumber });
  await expect(forced).toBeVisible();
  await expect(forced).toContainText('再订货点 100000');
  await page.screenshot({ path: artifact('draft-purchase.png'), fullPage: true });

  const summary = page.getByRole('region', { name: '概要' });
  await expect(summary.getByText('配件采购')).toBeVisible();
  await summary.getByRole('button', { name: '确认此版本' }).click();
  await page.getByRole('dialog', { name: '确认草稿' }).getByRole('button', { name: '确认第 1 版' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已确认第 1 版。' })).toBeVisible();
  const execution = page.getByRole('region', { name: '执行', exact: true });
  await execution.getByRole('button', { name: '执行第 1 版' }).click({ timeout: 30_000 });
  await expect(execution.getByText('结果：全部成功')).toBeVisible({ timeout: SLOW });
  const link = execution.getByRole('link', { name: /^查看费用单/ }).first();
  await expect(link).toBeVisible();

  // one submitted PARTS cost document per supplier of the draft, the forced part's among them
  await expect
    .poll(
      async () => (await dispatcher.get<{ items: CostDoc[] }>('cost-documents?category=PARTS&limit=200')).items.length,
    )
    .toBe(docsBefore + suppliers);
  await link.click();
  await expect(page).toHaveURL(/\/costs\/[0-9a-f-]{36}$/, { timeout: SLOW });
  const docId = page.url().split('/').at(-1)!;
  const doc = await dispatcher.get<CostDoc>(`cost-documents/${docId}`);
  expect(doc).toMatchObject({ category: 'PARTS', status: 'SUBMITTED' });
});
