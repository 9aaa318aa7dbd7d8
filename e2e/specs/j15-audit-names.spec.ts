import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { API_URL, GREEN_VALLEY, PASSWORD, login } from '../support/field.js';

/**
 * Journey 15 (issue #12, "names on every action"): the audit log says who did what in words —
 * the person with their role, or the API key and the person it acts for — not "用户" and
 * `cost.submitted`.
 */
test('the audit log names the person, their role and the action in words', async ({ page, request }) => {
  const res = await request.post(`${API_URL}/api/v1/auth/login`, {
    data: { email: 'accountant@green-valley.demo', password: PASSWORD },
  });
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as {
    accessToken: string;
    user: { name: string };
    memberships: { organization: { id: string; name: string } }[];
  };
  const orgId = body.memberships.find((m) => m.organization.name === GREEN_VALLEY)!.organization.id;
  const headers = { authorization: `Bearer ${body.accessToken}` };
  const supplier = `e2e-j15-${randomUUID().slice(0, 8)}`;
  const created = await request.post(`${API_URL}/api/v1/orgs/${orgId}/cost-documents`, {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: {
      category: 'FUEL',
      documentDate: '2020-02-03',
      supplier,
      description: 'journey 15',
      lines: [{ description: '柴油 0#', quantity: 10, unit: 'L', unitPriceMinor: '800' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const doc = (await created.json()) as { id: string };
  const submitted = await request.post(`${API_URL}/api/v1/orgs/${orgId}/cost-documents/${doc.id}/submit`, {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: {},
  });
  expect(submitted.status(), await submitted.text()).toBe(200);

  await login(page, 'owner@green-valley.demo');
  await page.goto(`/orgs/${orgId}/audit`);
  await expect(page.getByRole('heading', { level: 1, name: '审计' })).toBeVisible({ timeout: 60_000 });
  // the entity filter offers types in words
  await page.getByLabel('对象类型').selectOption({ label: '费用单' });
  await page.getByLabel(/^事件/).fill('cost.submitted');
  await page.getByRole('button', { name: '筛选' }).click();

  const log = page.getByRole('region', { name: '审计日志' });
  const row = log.getByRole('row').filter({ hasText: '提交了费用单审批' }).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('cell', { name: `${body.user.name}（会计）`, exact: true })).toBeVisible();
  await expect(row.getByText('费用单', { exact: true })).toBeVisible();
  await expect(log.getByRole('cell', { name: '用户', exact: true })).toHaveCount(0);
});
