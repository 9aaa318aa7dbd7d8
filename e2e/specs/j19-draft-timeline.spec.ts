import { expect, test, type APIRequestContext } from '@playwright/test';
import { ApiUser, loginToOrg } from '../support/field.js';

/**
 * Journey 19 (issue #12, "the draft timeline reads at a glance"): a dispatcher's schedule draft
 * on the timeline. Bars open cards on hover and on tap (not cut labels); an operator double
 * booking is drawn on the operator's lane, not on the (free) machine's row, and its card links
 * the item it clashes with; "confirm and execute" confirms the exact version and executes it
 * once, even on a double click.
 */
const DISPATCHER = 'dispatcher@green-valley.demo';
const GOAL = '安排下周的收获作业，避开维修中的机器';
const SLOW = process.env.E2E_WEB_DEV ? 240_000 : 30_000;

type Item = {
  jobId: string;
  primaryAssetId: string;
  primaryAssetName: string | null;
  implementAssetIds: string[];
  operatorMembershipId: string;
  operatorName: string | null;
  startsAt: string;
  endsAt: string;
};
type Draft = {
  id: string;
  status: string;
  currentVersion: number;
  versions: { version: number; items: Item[]; validation: { violations: { code: string; itemIndex: number }[] } }[];
  executions: { id: string; status: string }[];
};

const edited = (i: Item) => ({
  jobId: i.jobId,
  primaryAssetId: i.primaryAssetId,
  implementAssetIds: i.implementAssetIds,
  operatorMembershipId: i.operatorMembershipId,
  startsAt: i.startsAt,
  endsAt: i.endsAt,
});
type Span = { startsAt: string; endsAt: string };
const overlap = (a: Span, b: Span) =>
  Date.parse(a.startsAt) < Date.parse(b.endsAt) && Date.parse(b.startsAt) < Date.parse(a.endsAt);

async function api(request: APIRequestContext) {
  const user = await ApiUser.login(request, DISPATCHER);
  const rel = (path: string) => path.replace(/^\//, '');
  return {
    orgId: user.orgId,
    post: (path: string, data: unknown) => user.post<unknown>(rel(path), data),
    get: (path: string) => user.get<unknown>(rel(path)),
    draft: async (id: string) => (await user.call<Draft>('GET', `drafts/${id}`)).body,
  };
}

test.use({ hasTouch: true });

test('the draft timeline: cards on hover and tap, operator lanes, one-step confirm and execute', async ({
  page,
  request,
}) => {
  test.setTimeout(process.env.E2E_WEB_DEV ? 1_200_000 : 360_000);
  const a = await api(request);
  // this journey's own harvest jobs, each free to go anywhere next week (Asia/Shanghai): j1 runs first and
  // schedules the seeded ones, so the draft must have work of its own whatever ran before
  const sh = new Date(Date.now() + 8 * 3_600_000);
  const toMonday = (8 - sh.getUTCDay()) % 7 || 7;
  const monday = Date.UTC(sh.getUTCFullYear(), sh.getUTCMonth(), sh.getUTCDate() + toMonday) - 8 * 3_600_000;
  const fields = (await a.get('/fields?limit=10')) as { items: { id: string }[] };
  for (const f of fields.items.slice(0, 3))
    await a.post('/jobs', {
      fieldId: f.id,
      operationType: 'HARVESTING',
      title: 'e2e j19 收获',
      windowStart: new Date(monday).toISOString(),
      windowEnd: new Date(monday + 7 * 86_400_000).toISOString(),
      estimatedHours: 3,
    });
  const run = (await a.post('/agent/runs', { goal: GOAL })) as { draftId: string | null };
  expect(run.draftId).toBeTruthy();
  const v1 = (await a.draft(run.draftId!)).versions.find((v) => v.version === 1)!;
  expect(v1.validation.violations).toEqual([]);

  // the operator of item i takes item j in `slot`: the one clash must be with item i, so no other item of
  // that operator may be at that time (with operators only planned, one person often has several items)
  const onlyClashWith = (i: number, j: number, slot: { startsAt: string; endsAt: string }) =>
    !v1.items.some(
      (it, k) =>
        k !== i && k !== j && it.operatorMembershipId === v1.items[i]!.operatorMembershipId && overlap(it, slot),
    );
  // ...and none of that operator's live bookings outside this draft (another journey may have executed work for
  // them next week), other than the job's own: the validator would name that OPERATOR_BUSY as well
  const operatorFree = async (operatorId: string, slot: Span, jobId: string) => {
    const cal = (await a.get(
      `/assignments?from=${encodeURIComponent(slot.startsAt)}&to=${encodeURIComponent(slot.endsAt)}&operatorMembershipId=${operatorId}`,
    )) as { items: { jobId?: string }[] };
    return !cal.items.some((b) => b.jobId !== jobId);
  };
  // two items at the same time on different machines with different operators: give the later the earlier's operator
  let pair: [number, number] | null = null;
  for (let i = 0; i < v1.items.length && !pair; i++)
    for (let j = i + 1; j < v1.items.length && !pair; j++) {
      const x = v1.items[i]!;
      const y = v1.items[j]!;
      if (
        overlap(x, y) &&
        x.operatorMembershipId !== y.operatorMembershipId &&
        x.primaryAssetId !== y.primaryAssetId &&
        onlyClashWith(i, j, y) &&
        (await operatorFree(x.operatorMembershipId, y, y.jobId))
      )
        pair = [i, j];
    }
  // none at the same time: move one item (its own length) to start with another, on its own machines,
  // where those machines are free and its job's window allows it — the operator is then the only clash
  let moved: { startsAt: string; endsAt: string } | null = null;
  const machinesOf = (it: Item) => [it.primaryAssetId, ...it.implementAssetIds];
  for (let i = 0; i < v1.items.length && !pair; i++)
    for (let j = 0; j < v1.items.length && !pair; j++) {
      const x = v1.items[i]!;
      const y = v1.items[j]!;
      if (i === j || x.operatorMembershipId === y.operatorMembershipId || x.primaryAssetId === y.primaryAssetId)
        continue;
      const slot = {
        startsAt: x.startsAt,
        endsAt: new Date(Date.parse(x.startsAt) + Date.parse(y.endsAt) - Date.parse(y.startsAt)).toISOString(),
      };
      const job = (await a.get(`/jobs/${y.jobId}`)) as { windowStart: string; windowEnd: string };
      if (
        Date.parse(slot.startsAt) < Date.parse(job.windowStart) ||
        Date.parse(slot.endsAt) > Date.parse(job.windowEnd)
      )
        continue;
      if (!onlyClashWith(i, j, slot) || !(await operatorFree(x.operatorMembershipId, slot, y.jobId))) continue;
      const mine = machinesOf(y);
      if (
        v1.items.some(
          (it, k) => k !== j && machinesOf(it).some((m) => mine.includes(m)) && overlap(it, { ...y, ...slot }),
        )
      )
        continue;
      let booked = false;
      for (const m of mine) {
        const cal = (await a.get(
          `/assignments?from=${encodeURIComponent(slot.startsAt)}&to=${encodeURIComponent(slot.endsAt)}&assetId=${m}`,
        )) as { items: { jobId?: string }[] };
        if (cal.items.some((b) => b.jobId !== y.jobId)) booked = true;
      }
      if (booked) continue;
      pair = [i, j];
      moved = slot;
    }
  expect(pair, 'the draft has two items that can be at the same time').not.toBeNull();
  const [i, j] = pair!;
  const first = v1.items[i]!;
  const clashing = v1.items[j]!;
  const items2 = v1.items.map((it, k) =>
    k === j ? { ...edited(it), ...(moved ?? {}), operatorMembershipId: first.operatorMembershipId } : edited(it),
  );
  await a.post(`/drafts/${run.draftId}/versions`, {
    basedOnVersion: 1,
    items: items2,
    note: 'e2e: one operator, two items',
  });
  const v2 = (await a.draft(run.draftId!)).versions.find((v) => v.version === 2)!;
  expect(v2.validation.violations.map((f) => f.code)).toEqual(['OPERATOR_DOUBLE_BOOKED']);

  // ---- the review page, signed in as the same dispatcher
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginToOrg(page, DISPATCHER, { timeout: SLOW });
  await page.goto(`/orgs/${a.orgId}/drafts/${run.draftId}`);
  const timeline = page.getByRole('group', { name: '草稿建议与相关机具已有安排的时间线' });
  await expect(timeline).toBeVisible({ timeout: SLOW });
  await expect(timeline.getByRole('heading', { name: '机具' })).toBeVisible();
  await expect(timeline.getByRole('heading', { name: '机手' })).toBeVisible();

  // the conflict is on the operator's lane, and not on the machine of the clashing item
  const operatorLane = timeline.getByRole('group', { name: first.operatorName!, exact: true });
  const conflict = operatorLane.getByRole('button', { name: /（冲突）/ });
  await expect(conflict).toHaveCount(1);
  const machineRow = timeline.getByRole('group', { name: clashing.primaryAssetName!, exact: true });
  await expect(machineRow.getByRole('button', { name: /（草稿建议）/ }).first()).toBeVisible();
  await expect(machineRow.getByRole('button', { name: /（冲突）/ })).toHaveCount(0);

  // hover opens the card: what is wrong and the item it clashes with, linked
  const card = page.locator(`#${await conflict.getAttribute('aria-controls')}`);
  await expect(card).toBeHidden();
  await conflict.hover();
  await expect(card).toBeVisible();
  await expect(conflict).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByText('草稿中同一机手的时间重叠')).toBeVisible();
  await expect(card.getByText(/与草稿中的另一条冲突/)).toBeVisible();
  await expect(card.getByRole('link', { name: '在条目中查看' }).first()).toHaveAttribute(
    'href',
    `#item-${first.jobId}`,
  );
  await page.mouse.move(5, 5);
  await expect(card).toBeHidden();

  // a tap pins a card; a tap elsewhere closes it
  const proposed = machineRow.getByRole('button', { name: /（草稿建议）/ }).first();
  const proposedCard = page.locator(`#${await proposed.getAttribute('aria-controls')}`);
  await proposed.tap();
  await expect(proposedCard).toBeVisible();
  await expect(proposedCard.getByText(clashing.primaryAssetName!).first()).toBeVisible();
  await page.getByRole('heading', { level: 1 }).first().tap();
  await expect(proposedCard).toBeHidden();

  // a version with a violation cannot be confirmed: repair it (v3, the operator back), then confirm and execute in one step
  await a.post(`/drafts/${run.draftId}/versions`, {
    basedOnVersion: 2,
    items: v1.items.map(edited),
    note: 'e2e: operator back',
  });
  const v3 = (await a.draft(run.draftId!)).versions.find((v) => v.version === 3)!;
  expect(v3.validation.violations).toEqual([]);
  await page.reload();
  const summary = page.getByRole('region', { name: '概要' });
  await expect(summary.getByText('通过：没有违反硬约束')).toBeVisible({ timeout: 60_000 });
  // the hash is a detail, not the headline
  await expect(summary.getByTestId('content-hash')).toBeHidden();
  await summary.getByText('技术细节（内容哈希）').click();
  await expect(summary.getByTestId('content-hash')).toBeVisible();
  const hash = (await summary.getByTestId('content-hash').textContent())!.trim();
  expect(hash).toMatch(/^[0-9a-f]{64}$/);

  await summary.getByRole('button', { name: '确认此版本' }).click();
  const dialog = page.getByRole('dialog', { name: '确认草稿' });
  await expect(dialog.getByText(`你将确认：第 3 版，哈希 ${hash.slice(0, 12)}…`)).toBeVisible();
  await dialog.getByRole('button', { name: '确认并执行第 3 版' }).dblclick();
  await expect(dialog).toHaveCount(0, { timeout: 30_000 });
  await expect(page).toHaveURL(/\?execution=[0-9a-f-]{36}$/);
  await expect(page.getByRole('status').filter({ hasText: '已确认第 3 版。' })).toBeVisible();

  // executed once: one execution, of version 3, the draft EXECUTED
  await expect
    .poll(async () => (await a.draft(run.draftId!)).status, { timeout: 60_000, intervals: [500, 1000] })
    .toBe('EXECUTED');
  const done = await a.draft(run.draftId!);
  expect(done.executions).toHaveLength(1);
  expect(done.executions[0]!.status).toBe('SUCCEEDED');
});
