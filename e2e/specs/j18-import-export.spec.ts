import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiLogin } from '../support/field.js';

/**
 * Journey 18 (issue #18): an admin imports machines from a CSV file (a bad row is shown and blocks the
 * commit; the good file creates every row) and exports the machine list as CSV from the list page.
 */
const PASSWORD = 'amms-demo-2026';
const ADMIN = 'admin@green-valley.demo';
const API_URL = process.env.E2E_API_URL ?? `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;
const NAV_TIMEOUT = 60_000;

const csv = (rows: string[][]) => Buffer.from('\uFEFF' + rows.map((r) => r.join(',')).join('\r\n') + '\r\n', 'utf8');

test.describe('journey 18: import and export', () => {
  test('machines: a bad row blocks the import; a good file imports every row; the list exports as CSV', async ({
    page,
    request,
  }) => {
    const { token, orgId } = await apiLogin(request, ADMIN);
    const models = await request.get(`${API_URL}/api/v1/orgs/${orgId}/machine-models?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const model = ((await models.json()) as { items: { manufacturer: string; name: string }[] }).items[0]!;
    const modelName = `${model.manufacturer} ${model.name}`;
    const tag = randomUUID().slice(0, 8);
    const serials = [`E2E-${tag}-1`, `E2E-${tag}-2`];

    await page.goto('/login');
    await page.getByLabel('邮箱').fill(ADMIN);
    await page.getByLabel('密码').fill(PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}$/, { timeout: NAV_TIMEOUT });
    await page.goto(`/orgs/${orgId}/assets`);
    await page.getByRole('main').getByRole('link', { name: '导入', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '导入' })).toBeVisible({ timeout: NAV_TIMEOUT });
    const main = page.getByRole('main');
    await expect(main.getByRole('radio', { name: '机具' })).toHaveAttribute('aria-checked', 'true');

    /** uploads two machines (the second of model `secondModel`) and asks for the preview */
    const previewMachines = async (secondModel: string) => {
      await main.getByLabel(/文件/).setInputFiles({
        name: 'machines.csv',
        mimeType: 'text/csv',
        buffer: csv([
          ['名称', '出厂编号', '机型'],
          [`导入 ${tag} A`, serials[0]!, modelName],
          [`导入 ${tag} B`, serials[1]!, secondModel],
        ]),
      });
      await main.getByRole('button', { name: '上传并预览' }).click();
    };

    // a file with an unknown model: the row is shown with its error, no commit button
    await previewMachines('No Such Model');
    await expect(main.getByText('共 2 行：1 行可导入，1 行有错误。')).toBeVisible({ timeout: NAV_TIMEOUT });
    await expect(main.getByTestId('import-row-3')).toContainText('No model "No Such Model"');
    await expect(main.getByText('请先修正文件中的错误行，再重新上传。')).toBeVisible();
    await expect(main.getByRole('button', { name: /导入全部/ })).toHaveCount(0);

    // the fixed file: preview, then commit
    await previewMachines(modelName);
    await expect(main.getByText('共 2 行：2 行可导入，0 行有错误。')).toBeVisible({ timeout: NAV_TIMEOUT });
    await main.getByRole('button', { name: '导入全部 2 行' }).click();
    await expect(main.getByText('已导入 2 行。')).toBeVisible({ timeout: NAV_TIMEOUT });

    // the machine list exports them (CSV with a BOM) with its current filter
    await page.goto(`/orgs/${orgId}/assets?q=${encodeURIComponent(`导入 ${tag}`)}`);
    const download = page.waitForEvent('download');
    await page.getByRole('main').getByTestId('export-assets-csv').click();
    const file = await readFile((await (await download).path())!);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.subarray(3).toString('utf8');
    for (const s of serials) expect(text).toContain(s);
  });
});
