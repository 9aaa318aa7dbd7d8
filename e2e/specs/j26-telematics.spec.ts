import { expect, test, type Page } from '@playwright/test';
import {
  FakeAempServer,
  ScriptedFleet,
  type SimFault,
  type SimSample,
  type SimUnit,
} from '../../apps/api/src/telematics/simulator/aemp-server.js';
import { expectAccessible, settled } from '../support/a11y.js';
import {
  ApiUser,
  artifact,
  expectModelManualRead,
  expectNoHorizontalScroll,
  login,
  type Asset,
} from '../support/field.js';

/**
 * Journey 26 (issue #28): an admin connects an ISO 15143-3 (AEMP 2.0) endpoint — the fake server
 * the API tests use, on loopback (allowed by WEBHOOK_ALLOW_HOSTS in the config) — as a telematics
 * source on the new admin page, polls it, links / ignores the units nobody matched; the map page
 * shows the machine where the endpoint says it is, and after the next poll where it moved to; the
 * endpoint reports a fault code; the mechanic on a phone sees the notification, opens the machine
 * and the suggested corrective work order (the agent's diagnosis draft).
 */
const SLOW = 120_000;
const USER = 'j26-fleet';
const SECRET = `j26-${Date.now().toString(36)}`;
type Source = { id: string; name: string };

const sample = (at: Date, lat: number, lon: number, hours: number): SimSample => ({
  at,
  lat,
  lon,
  hours,
  fuelL: 1000 + hours,
});

/** the admin page's source row, by the source's name */
const sourceRow = (page: Page, name: string) =>
  page.getByRole('table', { name: '车载数据源' }).getByRole('row').filter({ hasText: name });

/** "read now" on the source's row of the telematics page, until it says the three machines were read */
async function pollNow(page: Page, orgId: string, sourceName: string) {
  await page.goto(`/orgs/${orgId}/telematics`);
  await sourceRow(page, sourceName)
    .getByRole('button', { name: `立即读取：${sourceName}` })
    .click();
  await expect(page.getByRole('status').filter({ hasText: `${sourceName}：读取 3 台机器` })).toBeVisible({
    timeout: SLOW,
  });
}

test('an admin connects an AEMP 2.0 source; the map shows the machine moving; a fault reaches the mechanic with a suggested work order', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  const admin = await ApiUser.login(request, 'admin@green-valley.demo');
  const mechanic = await ApiUser.login(request, 'mechanic@green-valley.demo');

  // machines of our own: ACTIVE GN70 combines (their model has the seeded manual with the code table),
  // not the first one (j13 diagnoses that one)
  const combines = (await admin.get<{ items: Asset[] }>('assets?q=GN70&status=ACTIVE&limit=50')).items;
  expect(combines.length, 'three ACTIVE 雷沃 谷神 GN70').toBeGreaterThanOrEqual(3);
  // a combine without an active E12 (the same active code is never raised twice: an earlier run's
  // fault stays open, pulled codes clear nothing), and another one to link a unit to
  const candidates = combines.slice(1).reverse();
  let machine: Asset | undefined;
  for (const c of candidates) {
    const active = (await admin.get<{ items: { code: string; clearedAt: string | null }[] }>(`assets/${c.id}/faults`))
      .items;
    if (!active.some((f) => f.code === 'E12' && f.clearedAt === null)) {
      machine = c;
      break;
    }
  }
  expect(machine, 'a GN70 combine without an open E12 (earlier runs leave theirs: re-seed)').toBeTruthy();
  machine = machine!;
  const other = candidates.find((c) => c.id !== machine.id)!;
  const detail = await admin.get<{ latestMeterReading: { readingHours: number } | null }>(`assets/${machine.id}`);
  const hours = (detail.latestMeterReading?.readingHours ?? 100) + 0.1;
  // the worker has read the model's manual (the diagnosis cites it)
  await expectModelManualRead(admin, machine.modelId);

  // ---- the maker's endpoint: our combine (matched by serial number) and two units nobody has
  const tag = Date.now().toString(36).toUpperCase();
  const units: SimUnit[] = [
    { equipmentId: `J26-${tag}-1`, serialNumber: machine.serialNumber, oemName: '雷沃', model: 'GN70' },
    { equipmentId: `J26-${tag}-2`, serialNumber: `J26X${tag}`, oemName: 'Lovol', model: 'GN70' },
    { equipmentId: `J26-${tag}-3`, serialNumber: `J26Y${tag}`, oemName: 'Deere', model: '6R 155' },
  ];
  // where it is, then where it drives to (about 1.6 km on): coordinates of this run only, so that the
  // track's text shows them whatever earlier runs left in the database
  const off = (Date.now() % 40_000) / 100_000;
  const A = { lat: +(45.7 + off).toFixed(5), lon: +(126.6 + off).toFixed(5) };
  const B = { lat: +(A.lat + 0.01198).toFixed(5), lon: +(A.lon + 0.01198).toFixed(5) };
  const samples: SimSample[] = [sample(new Date(Date.now() - 10 * 60_000), A.lat, A.lon, hours)];
  const faults: SimFault[] = [];
  const fleet = new ScriptedFleet(units, new Map([[units[0]!.equipmentId, { samples, faults }]]));
  const server = new FakeAempServer({ model: fleet, username: USER, secret: SECRET, pageSize: 2 });
  const base = await server.listen(0, '127.0.0.1');
  const sourceName = `J26 车队 ${tag}`;

  try {
    // ---- the admin on the dashboard: the new page, from the admin navigation
    await login(page, 'admin@green-valley.demo');
    await page.goto(`/orgs/${admin.orgId}`);
    await page.getByRole('link', { name: '车载数据源' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: '车载数据源' })).toBeVisible({ timeout: 60_000 });
    await settled(page);

    // a private address is refused, with words saying why
    await page.getByRole('button', { name: '添加数据源' }).click();
    const dialog = page.getByRole('dialog', { name: '添加车载数据源' });
    await dialog.getByLabel('名称').fill(sourceName);
    await dialog.getByLabel('接口地址（Base URL）').fill('http://10.20.30.40/aemp');
    await dialog.getByLabel('用户名', { exact: true }).fill(USER);
    await dialog.getByLabel('密码', { exact: true }).fill(SECRET);
    await dialog.getByRole('button', { name: '添加', exact: true }).click();
    await expect(dialog.getByText('这个地址不允许：内网、本机、链路本地地址会被拒绝').first()).toBeVisible({
      timeout: 30_000,
    });
    // the simulator on loopback is allowed (the e2e API allow-lists 127.0.0.1)
    await dialog.getByLabel('接口地址（Base URL）').fill(base);
    await dialog.getByRole('button', { name: '添加', exact: true }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    const row = sourceRow(page, sourceName);
    // not polled yet, or already by the worker (a new source is scheduled at once)
    await expect(row).toContainText(/尚未读取|正常/);
    // the secret is write-only: the API answers that one is stored, never its value
    const listed = (await admin.get<{ items: (Source & { hasSecret: boolean })[] }>('telematics/sources')).items;
    const source = listed.find((s) => s.name === sourceName)!;
    expect(source.hasSecret).toBe(true);
    expect(JSON.stringify(listed)).not.toContain(SECRET);

    // poll now: the combine is matched by its serial number, the other two are listed as unmatched
    await row.getByRole('button', { name: `立即读取：${sourceName}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `${sourceName}：读取 3 台机器` })).toBeVisible({
      timeout: SLOW,
    });
    await expect(row).toContainText('正常');
    await expect(row).toContainText('已关联 1 台，未匹配 2 台');
    const unmatched = page.getByRole('table', { name: '未匹配的机器' });
    await expect(unmatched.getByRole('row').filter({ hasText: `J26X${tag}` })).toContainText('没有这个序列号的机具');
    await expect(unmatched.getByRole('row').filter({ hasText: `J26Y${tag}` })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, 'telematics sources');
    await page.screenshot({ path: artifact('telematics-sources.png'), fullPage: true });

    // link one to a machine, ignore the other
    await unmatched.getByRole('button', { name: `关联机具：Lovol GN70 J26X${tag}` }).click();
    const link = page.getByRole('dialog', { name: `关联机具：Lovol GN70 J26X${tag}` });
    await link.getByLabel('搜索机具（名称、编号、序列号）').fill(other.serialNumber);
    await link
      .getByLabel('机具', { exact: true })
      .selectOption({ label: `${other.name} · ${other.serialNumber}` }, { timeout: 30_000 });
    await link.getByRole('button', { name: '关联', exact: true }).click();
    await expect(link).toBeHidden({ timeout: 30_000 });
    await expect(unmatched.getByRole('row').filter({ hasText: `J26X${tag}` })).toHaveCount(0);
    await unmatched.getByRole('button', { name: `忽略：Deere 6R 155 J26Y${tag}` }).click();
    await expect(unmatched.getByRole('row').filter({ hasText: `J26Y${tag}` })).toHaveCount(0, { timeout: 30_000 });
    await expect(row).toContainText('已关联 2 台，未匹配 0 台');

    // the same page on a small phone: nothing wider than the screen
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await expect(sourceRow(page, sourceName)).toBeVisible({ timeout: 60_000 });
    await expectNoHorizontalScroll(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // ---- the map: the combine where the endpoint put it
    await page.goto(`/orgs/${admin.orgId}/map`);
    await expect(page.getByRole('heading', { level: 1, name: '地图' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('list', { name: '机具' })).toContainText(machine.name, { timeout: 60_000 });
    await page
      .getByRole('region', { name: '机具当日轨迹' })
      .getByRole('combobox')
      .selectOption(machine.id, { timeout: 30_000 });
    // the track as text (the table under "轨迹点", every point with its coordinates)
    const points = page.locator('table[aria-label="轨迹点"]');
    await expect(page.getByText(/^\d+ 个位置点/)).toBeVisible({ timeout: 60_000 });
    await expect(points).toContainText(A.lat.toFixed(5));
    await expect(points).toContainText(A.lon.toFixed(5));
    await expect(points).not.toContainText(B.lat.toFixed(5));

    // the machine drives on; the next poll brings where it is now
    samples.push(sample(new Date(), B.lat, B.lon, hours + 0.2));
    await pollNow(page, admin.orgId, sourceName);
    await page.goto(`/orgs/${admin.orgId}/map`);
    await page
      .getByRole('region', { name: '机具当日轨迹' })
      .getByRole('combobox')
      .selectOption(machine.id, { timeout: 60_000 });
    await expect(page.getByText(/^\d+ 个位置点，.*约 [1-9][\d.]* 公里/)).toBeVisible({ timeout: 60_000 });
    await expect(points).toContainText(B.lat.toFixed(5));
    await expect(points).toContainText(B.lon.toFixed(5));
    const here = await admin.get<{ lastPosition: { latitude: number; longitude: number } | null }>(
      `assets/${machine.id}`,
    );
    expect(here.lastPosition).toMatchObject({ latitude: B.lat, longitude: B.lon });
    await page.screenshot({ path: artifact('telematics-map.png'), fullPage: true });

    // ---- the endpoint reports a fault code of the combine; the next poll takes it
    faults.push({ at: new Date(), code: 'E12', description: '冷却液温度过高' });
    await pollNow(page, admin.orgId, sourceName);
    // the admin edits the source: a new name, a longer interval, paused; a bad interval is named
    // on its field; the stored secret is never shown (a blank one keeps it)
    await row.getByRole('button', { name: `编辑：${sourceName}` }).click();
    const edit = page.getByRole('dialog', { name: `编辑数据源：${sourceName}` });
    await expect(edit.getByLabel('新密码')).toHaveValue('');
    await expect(edit.getByText(/留空则保留原密钥/)).toBeVisible();
    const renamed = `${sourceName} 二号`;
    await edit.getByLabel('名称').fill(renamed);
    await edit.getByLabel('读取间隔（分钟）').fill('0');
    await edit.getByRole('button', { name: '保存', exact: true }).click();
    await expect(edit.getByLabel('读取间隔（分钟）')).toHaveAttribute('aria-invalid', 'true', { timeout: 30_000 });
    await edit.getByLabel('读取间隔（分钟）').fill('30');
    await edit.getByLabel('按计划读取（取消勾选即暂停）').uncheck();
    await edit.getByRole('button', { name: '保存', exact: true }).click();
    await expect(edit).toBeHidden({ timeout: 30_000 });
    await expect(page.getByRole('status').filter({ hasText: '数据源已保存。' })).toBeVisible({ timeout: 30_000 });
    const editedRow = sourceRow(page, renamed);
    await expect(editedRow).toContainText('每 30 分钟');
    await expect(editedRow).toContainText('已暂停');
    const edited = (
      await admin.get<{ items: (Source & { hasSecret: boolean; enabled: boolean })[] }>('telematics/sources')
    ).items.find((s) => s.id === source.id)!;
    expect(edited).toMatchObject({ name: renamed, enabled: false, hasSecret: true });
    await expectAccessible(page, 'telematics sources after an edit');

    // done with it: delete the source (no more polls; its secret is erased)
    await editedRow.getByRole('button', { name: `删除：${renamed}` }).click();
    await page.getByRole('dialog', { name: '删除数据源' }).getByRole('button', { name: '删除', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: '数据源已删除。' })).toBeVisible({ timeout: 30_000 });
    await expect(editedRow).toHaveCount(0);
  } finally {
    await server.close();
  }

  // ---- the mechanic on a phone: the notification, the machine, the suggested work order
  const phone = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const mpage = await phone.newPage();
  await login(mpage, 'mechanic@green-valley.demo');
  const item = mpage.getByRole('listitem').filter({ hasText: `${machine.name}: E12` });
  await expect
    .poll(
      async () => {
        await mpage.goto(`/orgs/${mechanic.orgId}/notifications`);
        await settled(mpage);
        return item.count();
      },
      { timeout: SLOW, intervals: [3000] },
    )
    .toBeGreaterThan(0);
  await expect(item.first()).toContainText('机具报了新的故障码：请诊断');
  await expectNoHorizontalScroll(mpage);
  await item.first().getByRole('link', { name: '查看' }).click();
  await expect(mpage).toHaveURL(new RegExp(`/assets/${machine.id}$`), { timeout: 60_000 });

  // the machine's telematics card: the active code and, once the agent has drafted it, the suggested work
  // order. The draft is awaited through the API as the mechanic reads it (two quiet-machine CI runs counted no
  // link by role while the page's DOM held it: see CHANGELOG session 17), then the card must link it.
  let draftId = '';
  await expect
    .poll(
      async () => {
        const s = await mechanic.get<{
          activeFaults: { code: string; diagnosis: { draftId: string | null } | null }[];
        }>(`assets/${machine.id}/telematics`);
        draftId = s.activeFaults.find((f) => f.code === 'E12')?.diagnosis?.draftId ?? '';
        return draftId;
      },
      { timeout: 240_000, intervals: [5000] },
    )
    .not.toBe('');
  await mpage.reload();
  await settled(mpage);
  await expect(mpage.locator(`a[href$="/drafts/${draftId}"]`).first()).toBeAttached({ timeout: 60_000 });
  await expect(mpage.getByText('E12').first()).toBeVisible();
  await expectNoHorizontalScroll(mpage);
  await mpage.goto(`/orgs/${mechanic.orgId}/drafts/${draftId}`);
  await expect(mpage).toHaveURL(/\/drafts\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const card = mpage.getByRole('region', { name: /故障维修工单/ });
  await expect(card).toBeVisible({ timeout: 60_000 });
  await expect(card).toContainText(machine.name);
  // the checks come from the manual's code table, with the page cited
  await expect(card.getByRole('link', { name: /第 .+ 页$/ }).first()).toBeVisible();
  await expectNoHorizontalScroll(mpage);
  await mpage.screenshot({ path: artifact('telematics-mechanic-draft.png'), fullPage: true });
  await phone.close();
});
