import { expect, test, type Page } from '@playwright/test';
import { ApiUser, artifact, type Asset, expectNoHorizontalScroll, login, zhContext } from '../support/field.js';
import { hydraulicManual, uniqueTag } from '../support/knowledge.js';

/**
 * Journey 11 (issue #13): the admin uploads a manual in the web (progress, PROCESSING → READY,
 * the same file again is recognised), links it to a machine's model; the machine page lists it;
 * a mechanic asks in the web and gets a cited answer whose citation opens the page with the
 * snippet highlighted; the same question in Chinese is answered from the English manual (quoted as
 * printed, said so, cited); a question the manuals don't cover says so; a new version makes the old
 * citation's page "not current" but it still opens; the mechanic asks again from a work order in
 * the field app (375 px); finally the admin edits and deletes the manual.
 */

const DESK = { width: 1440, height: 900 } as const;

type Model = { id: string; manufacturer: string; name: string };
type Doc = {
  id: string;
  title: string;
  currentVersionId: string | null;
  latestVersion: { id: string; versionNumber: number; status: string };
};

/** the answer of the question box on this page, once it is there */
async function ask(page: Page, question: string) {
  await page.getByRole('textbox', { name: '问题' }).fill(question);
  await page.getByRole('button', { name: '提问', exact: true }).click();
}

test('knowledge: upload → READY → ask in the web and the field app → cited page with the snippet highlighted', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const admin = await ApiUser.login(request, 'admin@green-valley.demo');
  const mechanicApi = await ApiUser.login(request, 'mechanic@green-valley.demo');
  const org = admin.orgId;

  // the machine the manual is for, and a work order on it for the mechanic's phone
  const models = (await admin.get<{ items: Model[] }>('machine-models?limit=200')).items;
  const asset = (await admin.get<{ items: Asset[] }>('assets?status=ACTIVE&limit=50')).items.find((a) =>
    models.some((m) => m.id === a.modelId),
  )!;
  expect(asset, 'an ACTIVE machine with a catalog model').toBeTruthy();
  const model = models.find((m) => m.id === asset.modelId)!;
  const tag = uniqueTag();
  const title = `E2E 液压系统手册 ${tag}`;
  const question = `What pressure does the relief valve of pump ${tag} open at?`;
  const workOrder = await admin.post<{ id: string }>('work-orders', {
    type: 'CORRECTIVE',
    assetId: asset.id,
    title: `E2E 溢流阀压力检查 ${tag}`,
    assigneeMembershipId: mechanicApi.membership.membershipId,
    causesDowntime: false,
  });

  // --- the admin uploads it in the web: progress, then PROCESSING → READY ---
  await page.setViewportSize(DESK);
  await login(page, 'admin@green-valley.demo');
  await page.goto(`/orgs/${org}/knowledge/documents`);
  await expect(page.getByRole('heading', { level: 1, name: '知识库' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: '知识库' }).first().click(); // the navigation entry exists
  await expect(page.getByRole('navigation', { name: '知识库' }).getByRole('link', { name: '手册' })).toBeVisible();
  await page.getByRole('navigation', { name: '知识库' }).getByRole('link', { name: '手册' }).click();
  await page.getByRole('button', { name: '上传手册' }).click();
  const dialog = page.getByRole('dialog', { name: '上传手册' });
  // more than 10 MB (Next's default limit of a buffered body): the BFF must stream it
  const pdf = hydraulicManual(tag, 1, 11 * 1024 * 1024);
  expect(pdf.length).toBeGreaterThan(10 * 1024 * 1024);
  await dialog
    .getByLabel('PDF 文件')
    .setInputFiles({ name: `hydraulic-${tag}.pdf`, mimeType: 'application/pdf', buffer: pdf });
  await expect(dialog.getByLabel('标题')).toHaveValue(`hydraulic-${tag}`); // proposed from the file name
  await dialog.getByLabel('标题').fill(title);
  await dialog.getByLabel('语言').selectOption('en');
  await dialog.getByRole('checkbox', { name: `${model.manufacturer} ${model.name}` }).check();
  // a slow line, so that the progress of the 11 MB is seen going up
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 3 * 1024 * 1024,
  });
  await dialog.getByRole('button', { name: '上传', exact: true }).click();
  await expect(dialog.getByRole('progressbar', { name: '上传进度' })).toBeVisible();
  await expect(dialog.getByText(/^已上传 \d+%（.+ \/ 11 MB）$/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: '取消上传' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `已上传“${title}”第 1 版，正在处理。` })).toBeVisible({
    timeout: 60_000,
  });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: title }) });
  await expect(row).toContainText(`${model.manufacturer} ${model.name}`);
  await expect(row).toContainText('可用', { timeout: 180_000 }); // the list refreshes itself
  await expect(row.getByRole('cell').nth(3)).toHaveText('3'); // pages
  await page.screenshot({ path: artifact('knowledge-documents.png') });

  // the same file again: recognised, not processed twice
  await page.getByRole('button', { name: '上传手册' }).click();
  await dialog
    .getByLabel('PDF 文件')
    .setInputFiles({ name: `copy-${tag}.pdf`, mimeType: 'application/pdf', buffer: pdf });
  await dialog.getByRole('button', { name: '上传', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `这个文件已经上传过（“${title}”第 1 版），不会重复处理。` }),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('row').filter({ has: page.getByRole('link', { name: title }) })).toHaveCount(1);
  const doc = (await admin.get<{ items: Doc[] }>(`documents?q=${encodeURIComponent(tag)}`)).items.find(
    (d) => d.title === title,
  )!;
  expect(doc.latestVersion.versionNumber).toBe(1);

  // the machine page lists the manuals of its model
  await page.goto(`/orgs/${org}/assets/${asset.id}`);
  await expect(page.getByRole('region', { name: '手册' }).getByRole('link', { name: title })).toBeVisible({
    timeout: 60_000,
  });

  // --- a mechanic asks in the web ---
  const desk = await zhContext(browser, DESK);
  const mp = await desk.newPage();
  await login(mp, 'mechanic@green-valley.demo');
  await mp.goto(`/orgs/${org}/knowledge`);
  await expect(mp.getByRole('heading', { level: 1, name: '知识库' })).toBeVisible({ timeout: 60_000 });
  await ask(mp, question);
  const answer = mp.getByRole('region', { name: '回答' });
  await expect(answer).toBeVisible({ timeout: 60_000 });
  await expect(answer.getByRole('heading', { name: '回答' })).toBeFocused(); // keyboard and screen reader land on it
  await expect(answer).toContainText('18.5');
  await expect(answer.getByRole('link', { name: new RegExp(`^出处 1：${title}，第 2 页$`) })).toBeVisible();
  const citation = answer.getByRole('listitem').filter({ hasText: title }).first();
  await expect(citation).toContainText('第 2 页 · PDF 第 2 页');
  const snippet = (await citation.locator('blockquote').innerText()).trim();
  expect(snippet.length).toBeGreaterThan(0);
  expect(snippet.length).toBeLessThanOrEqual(160);
  await citation.getByRole('link', { name: '打开第 2 页' }).click();

  // the cited page: its text with the snippet highlighted, the image, prev / next
  await expect(mp.getByRole('heading', { level: 2, name: title })).toBeVisible({ timeout: 60_000 });
  await expect(mp.getByText('第 2 页 · PDF 第 2 / 3 页').first()).toBeVisible();
  await expect(mp.getByText('引用的原文已高亮标出。')).toBeVisible();
  const marks = mp.locator('mark');
  await expect(marks.first()).toBeVisible();
  const marked = (await marks.allInnerTexts()).join('').replace(/\s+/g, '');
  expect(marked).toBe(snippet.replace(/\s+/g, ''));
  await expect(mp.getByRole('img', { name: `“${title}”第 2 页的页面图像` })).toBeVisible();
  // the rendered PNG arrives through the BFF (rendered on first request: give it time)
  await expect
    .poll(
      () =>
        mp
          .getByRole('img', { name: `“${title}”第 2 页的页面图像` })
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  const citedPageUrl = mp.url();
  await mp.screenshot({ path: artifact('knowledge-page.png') });
  await mp
    .getByRole('navigation', { name: '翻页' })
    .getByRole('link', { name: /下一页/ })
    .click();
  await expect(mp.getByText('第 3 页 · PDF 第 3 / 3 页').first()).toBeVisible({ timeout: 30_000 });
  await expect(mp.locator('mark')).toHaveCount(0);
  await mp.goBack();
  await mp.goBack();
  await expect(mp.getByRole('region', { name: '回答' })).toContainText('18.5', { timeout: 30_000 }); // the same answer, kept

  // the same question in Chinese: answered from the English manual, quoted as printed and said so, cited
  await ask(mp, `${tag} 号液压泵的溢流阀在多大压力下开启？`);
  const zh = mp.getByRole('region', { name: '回答' });
  await expect(zh).toContainText('以下内容引自英文原版手册，按原文引用（未翻译）。', { timeout: 60_000 });
  await expect(zh).toContainText(`The relief valve of pump ${tag} opens at 18.5 MPa.`);
  await expect(zh.getByRole('link', { name: new RegExp(`^出处 1：${title}，第 2 页$`) })).toBeVisible();
  await expect(zh.getByRole('listitem').filter({ hasText: title }).first()).toContainText('第 2 页 · PDF 第 2 页');

  // a question the manuals don't cover says so, and cites nothing
  await ask(mp, '怎样烤制酸面包？');
  const none = mp.getByRole('region', { name: '手册里没有写' });
  await expect(none).toBeVisible({ timeout: 60_000 });
  await expect(none.getByRole('link')).toHaveCount(0);

  // --- a new version: answers move to it, the old citation still opens, marked not current ---
  await page.goto(`/orgs/${org}/knowledge/documents/${doc.id}`);
  await page.getByRole('button', { name: '上传新版本' }).click();
  const versionDialog = page.getByRole('dialog', { name: `上传新版本：${title}` });
  await versionDialog
    .getByLabel('PDF 文件')
    .setInputFiles({ name: `hydraulic-${tag}-v2.pdf`, mimeType: 'application/pdf', buffer: hydraulicManual(tag, 2) });
  await versionDialog.getByRole('button', { name: '上传', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `已上传“${title}”第 2 版，正在处理。` })).toBeVisible({
    timeout: 60_000,
  });
  const v2 = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /第 2 版/ }) });
  await expect(v2).toContainText('可用', { timeout: 180_000 });
  await expect(v2.getByRole('rowheader')).toContainText('当前');
  await mp.goto(citedPageUrl);
  await expect(mp.getByText('这是旧版本的页面：这本手册已有更新的版本，内容可能已变化。')).toBeVisible({
    timeout: 60_000,
  });
  await expect(mp.locator('mark').first()).toBeVisible();
  await desk.close();

  // --- the mechanic on the phone, from the work order: "ask the manual" for that machine ---
  const phone = await zhContext(browser, 'phone');
  const fp = await phone.newPage();
  await login(fp, 'mechanic@green-valley.demo');
  await fp.goto(`/field/work-orders/${workOrder.id}?org=${org}`);
  await fp.getByRole('link', { name: '问手册' }).click();
  await expect(fp.getByRole('heading', { level: 1, name: '问手册' })).toBeVisible({ timeout: 60_000 });
  await expect(fp.getByText(`只查这台机具的手册：${asset.name}`)).toBeVisible();
  await ask(fp, question);
  const fieldAnswer = fp.getByRole('region', { name: '回答' });
  await expect(fieldAnswer).toContainText('19.0', { timeout: 60_000 }); // the current version now
  await expectNoHorizontalScroll(fp);
  await fp.screenshot({ path: artifact('knowledge-field-answer.png') });
  await fieldAnswer
    .getByRole('listitem')
    .filter({ hasText: title })
    .first()
    .getByRole('link', { name: '打开第 2 页' })
    .click();
  await expect(fp.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 60_000 });
  await expect(fp.locator('mark').first()).toContainText('19.0');
  await expectNoHorizontalScroll(fp);
  await fp.getByRole('link', { name: '← 返回回答' }).click();
  await expect(fp.getByRole('region', { name: '回答' })).toContainText('19.0', { timeout: 30_000 });
  await fp.getByRole('link', { name: '返回', exact: true }).click();
  await expect(fp).toHaveURL(new RegExp(`/field/work-orders/${workOrder.id}`));
  await phone.close();

  // --- the admin edits the title, then deletes the manual ---
  await page.goto(`/orgs/${org}/knowledge/documents/${doc.id}`);
  await page.getByRole('button', { name: '编辑', exact: true }).click();
  const edit = page.getByRole('dialog', { name: '编辑手册' });
  await edit.getByLabel('标题').fill(`${title}（修订）`);
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已保存。' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `${title}（修订）` })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: '删除', exact: true }).click();
  await page.getByRole('dialog', { name: '删除手册' }).getByRole('button', { name: '删除' }).click();
  await expect(page).toHaveURL(new RegExp(`/orgs/${org}/knowledge/documents$`), { timeout: 30_000 });
  await expect(page.getByRole('link', { name: new RegExp(tag) })).toHaveCount(0);
  expect((await admin.call('GET', `documents/${doc.id}`)).status).toBe(404);
});
