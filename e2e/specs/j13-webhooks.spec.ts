import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { loginToOrg } from '../support/field.js';

/**
 * Journey 13: an org admin subscribes a webhook in the web (a private address is refused, the
 * secret is shown once), a job created through the API reaches a receiver on loopback with a
 * valid Standard Webhooks signature, the delivery log shows it, "redeliver" sends it again, the
 * secret is rotated, the endpoint deleted. The API and worker run with WEBHOOK_ALLOW_HOSTS=127.0.0.1
 * (playwright.config.ts). Everything it creates it deletes; the job it creates is cancelled.
 */
const PASSWORD = 'amms-demo-2026';
const ADMIN = 'admin@green-valley.demo';
const API_URL = process.env.E2E_API_URL ?? `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;
const SLOW = { timeout: process.env.E2E_WEB_DEV ? 120_000 : 20_000 };
const artifact = (name: string) => fileURLToPath(new URL(`../artifacts/${name}`, import.meta.url));

interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let receiver: Server;
let receiverBase = '';
const hits: Hit[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hits.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const a = receiver.address();
  receiverBase = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
});
test.afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

/** Standard Webhooks: v1,<base64 HMAC-SHA256(base64-decoded secret, "id.timestamp.body")>, one per valid secret */
function signatureValid(secret: string, h: Hit): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected =
    'v1,' +
    createHmac('sha256', key)
      .update(`${String(h.headers['webhook-id'])}.${String(h.headers['webhook-timestamp'])}.${h.body}`)
      .digest('base64');
  return String(h.headers['webhook-signature']).split(' ').includes(expected);
}

const login = (page: Page, email: string) => loginToOrg(page, email, SLOW);

test.describe('j13 webhooks', () => {
  test('admin: subscribe (private target refused, secret once), signed delivery, log, redeliver, rotate, delete', async ({
    page,
    request,
  }) => {
    test.setTimeout(process.env.E2E_WEB_DEV ? 600_000 : 180_000);
    const path = `/hook/${randomUUID().slice(0, 8)}`;
    const url = `${receiverBase}${path}`;
    const orgId = await login(page, ADMIN);
    const nav = page.getByRole('navigation', { name: '主导航' });
    await nav.getByRole('link', { name: 'Webhook', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhook' })).toBeVisible(SLOW);
    await expect(page.getByRole('main').getByText('正在加载…')).toHaveCount(0, SLOW);

    // ── create: a private address is refused, then the receiver ───
    await page.getByRole('button', { name: '新建端点' }).click();
    const dialog = page.getByRole('dialog', { name: '新建 Webhook 端点' });
    await dialog.getByLabel('地址（URL）').fill('http://10.0.0.1/hook');
    await dialog.getByRole('button', { name: '创建', exact: true }).click();
    await expect(dialog.getByText('该地址指向内网、本机或链路本地地址').first()).toBeVisible();
    await dialog.getByLabel('地址（URL）').fill(url);
    await dialog.getByLabel('说明').fill('E2E 接收端');
    await expect(dialog.getByRole('checkbox', { name: /job\.created/ })).toBeChecked();
    await dialog.getByRole('button', { name: '创建', exact: true }).click();

    const secretDialog = page.getByRole('dialog', { name: '签名密钥' });
    const secretInput = secretDialog.getByLabel('密钥', { exact: true });
    await expect(secretInput).toHaveValue(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const secret = await secretInput.inputValue();
    await page.screenshot({ path: artifact('j13-webhook-secret.png') });
    await secretDialog.getByRole('button', { name: '已保存，关闭' }).click();
    await expect(secretDialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(path) });
    await expect(row).toContainText('启用');
    await expect(row).toContainText(`${secret.slice(0, 10)}…`);
    expect(await page.content()).not.toContain(secret.slice(10));

    // ── a job created through the API reaches the receiver, signed ─
    const tokens = await (
      await request.post(`${API_URL}/api/v1/auth/login`, { data: { email: ADMIN, password: PASSWORD } })
    ).json();
    const auth = { authorization: `Bearer ${tokens.accessToken}` };
    const fields = await (
      await request.get(`${API_URL}/api/v1/orgs/${orgId}/fields?limit=1`, { headers: auth })
    ).json();
    const from = new Date(Date.now() + 30 * 86_400_000);
    const created = await request.post(`${API_URL}/api/v1/orgs/${orgId}/jobs`, {
      headers: { ...auth, 'idempotency-key': randomUUID() },
      data: {
        fieldId: fields.items[0].id,
        operationType: 'TILLAGE',
        estimatedHours: 2,
        windowStart: from.toISOString(),
        windowEnd: new Date(from.getTime() + 86_400_000).toISOString(),
        title: 'E2E webhook',
      },
    });
    expect(created.status()).toBe(201);
    const job = await created.json();
    await expect.poll(() => hits.filter((h) => h.path === path).length, { timeout: 30_000 }).toBe(1);
    const first = hits.find((h) => h.path === path)!;
    expect(signatureValid(secret, first)).toBe(true);
    expect(JSON.parse(first.body)).toMatchObject({ type: 'job.created', data: { id: job.id, title: 'E2E webhook' } });

    // ── delivery log, redeliver ───────────────────────────────────
    await row.getByRole('button', { name: '投递记录' }).click();
    const log = page.getByRole('dialog', { name: /^投递记录/ });
    const deliveryRow = log.getByRole('row', { name: /作业已创建/ });
    await expect(deliveryRow).toContainText('成功', SLOW);
    await deliveryRow.getByText(/^200 ·/).click();
    await expect(deliveryRow).toContainText('received');
    await deliveryRow.getByRole('button', { name: '重新投递' }).click();
    await expect(log.getByText('已加入投递队列。')).toBeVisible();
    await expect.poll(() => hits.filter((h) => h.path === path).length, { timeout: 30_000 }).toBe(2);
    expect(hits.filter((h) => h.path === path)[1]!.headers['webhook-id']).toBe(first.headers['webhook-id']);
    await expect(log.getByRole('row', { name: /作业已创建/ })).toHaveCount(2, SLOW);
    await page.screenshot({ path: artifact('j13-webhook-deliveries.png'), fullPage: true });
    await log.getByRole('button', { name: '关闭', exact: true }).last().click();
    await expect(log).toBeHidden();

    // ── rotate: a new secret, shown once ──────────────────────────
    await row.getByRole('button', { name: '轮换密钥' }).click();
    const rotate = page.getByRole('dialog', { name: '轮换签名密钥' });
    await rotate.getByLabel('过渡期').selectOption('1h');
    await rotate.getByRole('button', { name: '轮换', exact: true }).click();
    const newSecret = await secretDialog.getByLabel('密钥', { exact: true }).inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await secretDialog.getByRole('button', { name: '已保存，关闭' }).click();
    await expect(row).toContainText('旧密钥签名至');

    // ── English, then delete ──────────────────────────────────────
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New endpoint' })).toBeVisible();
    await page.getByRole('button', { name: '中文' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhook' })).toBeVisible();
    await row.getByRole('button', { name: '删除' }).click();
    const remove = page.getByRole('dialog', { name: '删除端点' });
    await remove.getByRole('button', { name: '删除', exact: true }).click();
    await expect(remove).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(path) })).toHaveCount(0);

    // tidy: the job goes too
    const cancel = await request.post(`${API_URL}/api/v1/orgs/${orgId}/jobs/${job.id}/cancel`, {
      headers: { ...auth, 'idempotency-key': randomUUID() },
      data: { reason: 'e2e' },
    });
    expect(cancel.status()).toBe(200);
  });
});
