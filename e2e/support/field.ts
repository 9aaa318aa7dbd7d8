import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** Helpers of the field-app journeys (j2 operator, j3 mechanic). */

export const PASSWORD = 'amms-demo-2026';
export const GREEN_VALLEY = '青山农机合作社 Green Valley Co-op';
export const RED_RIVER = 'Red River Farms';
export const API_URL = process.env.E2E_API_URL ?? `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;
/** A bearer token of `email` and the id of Green Valley, through the API's own login (for API set-up in a journey). */
export async function apiLogin(request: APIRequestContext, email: string): Promise<{ token: string; orgId: string }> {
  const res = await request.post(`${API_URL}/api/v1/auth/login`, { data: { email, password: PASSWORD } });
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as {
    accessToken: string;
    memberships: { organization: { id: string; name: string } }[];
  };
  const org = body.memberships.find((m) => m.organization.name === GREEN_VALLEY);
  expect(org, `${email} is a member of ${GREEN_VALLEY}`).toBeTruthy();
  return { token: body.accessToken, orgId: org!.organization.id };
}

/** Waits until the worker has read a manual of the machine model (a diagnosis cites it; the seed's manuals are ingested by the worker). */
export async function expectModelManualRead(admin: ApiUser, modelId: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await admin.get<{ items: { currentVersionId: string | null }[] }>(`documents?machineModelId=${modelId}`)
        ).items.some((d) => d.currentVersionId !== null),
      { timeout: 240_000, intervals: [2000] },
    )
    .toBe(true);
}

export const PHONE = { width: 375, height: 667 } as const;

export const artifact = (name: string) => fileURLToPath(new URL(`../artifacts/${name}`, import.meta.url));

/** A Chinese-speaking browser of this project's base URL: a phone (`PHONE`, touch) or a desk of `viewport`. */
export function zhContext(
  browser: Browser,
  viewport: 'phone' | { width: number; height: number },
): Promise<BrowserContext> {
  const device = viewport === 'phone' ? { viewport: PHONE, isMobile: true, hasTouch: true } : { viewport };
  return browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN', ...device });
}

/** Opens `path`, lands on /login (no session), signs in and comes back to `path`. */
export async function loginTo(page: Page, email: string, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?/);
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Signs in on /login and waits until the app has taken over (first page of the user). */
export async function login(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/, { timeout: 60_000 });
}

/**
 * Signs in on /login and waits for the dashboard of the user's organization (`/orgs/<id>`);
 * returns that organization's id. `timeout`: how long the first page may take (a dev server compiles it).
 */
export async function loginToOrg(
  page: Page,
  email: string,
  { password = PASSWORD, timeout = 60_000 }: { password?: string; timeout?: number } = {},
): Promise<string> {
  await page.goto('/login');
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}$/, { timeout });
  return page.url().split('/orgs/')[1]!;
}

export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'no horizontal scroll').toBeLessThanOrEqual(innerWidth);
}

type Membership = { membershipId: string; role: string; organization: { id: string; name: string; timezone: string } };

/** A signed-in caller of the API itself (setup and cross-checks only; the journeys go through the browser). */
export class ApiUser {
  private constructor(
    private readonly request: APIRequestContext,
    readonly token: string,
    readonly membership: Membership,
  ) {}

  static async login(request: APIRequestContext, email: string, orgName = GREEN_VALLEY): Promise<ApiUser> {
    const res = await request.post(`${API_URL}/api/v1/auth/login`, { data: { email, password: PASSWORD } });
    expect(res.ok(), `API login of ${email}: HTTP ${res.status()}`).toBeTruthy();
    const body = (await res.json()) as { accessToken: string; memberships: Membership[] };
    const membership = body.memberships.find((m) => m.organization.name === orgName);
    expect(membership, `${email} is a member of ${orgName}`).toBeTruthy();
    return new ApiUser(request, body.accessToken, membership!);
  }

  get orgId(): string {
    return this.membership.organization.id;
  }

  private url(path: string) {
    return `${API_URL}/api/v1/orgs/${this.orgId}/${path}`;
  }

  /** Any answer, as { status, body } (for calls that may be refused). */
  async call<T = unknown>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    data?: unknown,
  ): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (method === 'POST') headers['idempotency-key'] = randomUUID();
    const res = await this.request.fetch(this.url(path), { method, headers, data });
    const text = await res.text();
    return { status: res.status(), body: (text ? JSON.parse(text) : undefined) as T };
  }

  async get<T>(path: string): Promise<T> {
    const r = await this.call<T>('GET', path);
    expect(r.status, `GET ${path}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  }

  async post<T>(path: string, data: unknown): Promise<T> {
    const r = await this.call<T>('POST', path, data);
    expect(r.status, `POST ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
    return r.body;
  }
}

export type Asset = {
  id: string;
  name: string;
  modelId: string;
  serialNumber: string;
  plateNumber: string | null;
  status: string;
};
export type Model = { id: string; kind: string; operationTypes: string[] };
export type Job = {
  id: string;
  status: string;
  version: number;
  title: string | null;
  areaHa: number;
  assignment: { machines: { assetId: string }[] } | null;
};

/** Machines that can lead a job of `operationType` (a tractor or a self-propelled machine), ACTIVE now. */
/**
 * Active machines able to lead `operationType`. Machines whose model has a pre-start list are left out
 * unless `prestart: 'only'` asks for them: a journey about something else does not tick a checklist
 * (j24-prestart is the one that does).
 */
export async function primaryMachinesFor(
  user: ApiUser,
  operationType: string,
  opts: { prestart?: 'without' | 'only' } = {},
): Promise<Asset[]> {
  const models = (await user.get<{ items: Model[] }>('machine-models?limit=200')).items;
  const lists = (await user.get<{ items: { modelId: string | null }[] }>('prestart-lists')).items;
  const listed = new Set(lists.map((l) => l.modelId).filter(Boolean));
  const wantListed = opts.prestart === 'only';
  const ok = new Set(
    models
      .filter((m) => m.kind !== 'IMPLEMENT' && m.operationTypes.includes(operationType))
      .filter((m) => listed.has(m.id) === wantListed)
      .map((m) => m.id),
  );
  const out: Asset[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: Asset[]; nextCursor: string | null } = await user.get(
      `assets?status=ACTIVE&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    out.push(...page.items.filter((a) => ok.has(a.modelId)));
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

export const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
/** `iso` moved by `h` hours. */
export const shiftIso = (iso: string, h: number) => new Date(new Date(iso).getTime() + h * 3_600_000).toISOString();

/**
 * A job of `operationType` on some field, window [from, to), assigned (slot = [slotFrom, slotTo))
 * to `operatorMembershipId` with the first free machine of `machines`. Never depends on seed luck:
 * booked machines are skipped.
 */
export async function createAssignedJob(
  dispatcher: ApiUser,
  opts: {
    title: string;
    operationType: string;
    operatorMembershipId: string;
    window: [string, string];
    slot: [string, string];
    machines: Asset[];
  },
): Promise<{ job: Job; machine: Asset }> {
  const fields = (await dispatcher.get<{ items: { id: string }[] }>('fields?limit=20')).items;
  expect(fields.length, 'the seed has fields').toBeGreaterThan(0);
  const job = await dispatcher.post<Job>('jobs', {
    fieldId: fields[0]!.id,
    operationType: opts.operationType,
    title: opts.title,
    windowStart: opts.window[0],
    windowEnd: opts.window[1],
    estimatedHours: 2,
    areaHa: 12.5,
  });
  const refusals: string[] = [];
  for (const machine of opts.machines) {
    const r = await dispatcher.call<Job & { error?: { code: string } }>('POST', `jobs/${job.id}/assign`, {
      primaryAssetId: machine.id,
      operatorMembershipId: opts.operatorMembershipId,
      startsAt: opts.slot[0],
      endsAt: opts.slot[1],
    });
    if (r.status === 200) return { job: r.body, machine };
    // a conflict of the operator (not the machine) would repeat with every machine: say so at once
    const conflicts = (
      r.body.error as { details?: { conflicts?: { resource: string; startsAt: string; endsAt: string }[] } }
    )?.details?.conflicts;
    const mine = conflicts?.find((c) => c.resource === 'operator');
    if (mine) throw new Error(`the operator is booked ${mine.startsAt} – ${mine.endsAt}: choose a free slot`);
    refusals.push(`${machine.name}: ${r.body.error?.code ?? r.status}`);
    if (refusals.length >= 25) break;
  }
  throw new Error(`no machine could be assigned: ${refusals.join('; ')}`);
}

/**
 * A TRANSPORT job for `operator` now: window 3 h ago .. in 5 h, a slot around now in which they are
 * free, on the first free of `machines` (default: every machine that can transport).
 */
export async function transportJobNow(
  dispatcher: ApiUser,
  operator: ApiUser,
  title: string,
  machines?: Asset[],
): Promise<{ job: Job; machine: Asset }> {
  return createAssignedJob(dispatcher, {
    title,
    operationType: 'TRANSPORT',
    operatorMembershipId: operator.membership.membershipId,
    window: [hoursFromNow(-3), hoursFromNow(5)],
    slot: await freeSlotAroundNow(dispatcher, operator.membership.membershipId),
    machines: machines ?? (await primaryMachinesFor(dispatcher, 'TRANSPORT')),
  });
}

/** The machine's latest engine-hour reading (0 when it has none). */
export async function latestReadingHours(user: ApiUser, machineId: string): Promise<number> {
  const asset = await user.get<{ latestMeterReading: { readingHours: number } | null }>(`assets/${machineId}`);
  return asset.latestMeterReading?.readingHours ?? 0;
}

/**
 * A slot around now in which the operator is free: it starts in the past (a job completed before
 * its slot starts gives the whole slot back and is no longer the operator's), after any booking of
 * theirs that ended within the last hour (an earlier run of this journey), and ends in ≤ 2 h.
 */
export async function freeSlotAroundNow(dispatcher: ApiUser, operatorMembershipId: string): Promise<[string, string]> {
  const now = Date.now();
  let start = now - 3_600_000;
  let end = now + 2 * 3_600_000;
  const q = `assignments?operatorMembershipId=${operatorMembershipId}&from=${new Date(start).toISOString()}&to=${new Date(end).toISOString()}&limit=200`;
  const items = (
    await dispatcher.get<{ items: { startsAt: string; endsAt: string; job: { id: string; status: string } }[] }>(q)
  ).items;
  for (const a of items) {
    const s = new Date(a.startsAt).getTime();
    let e = new Date(a.endsAt).getTime();
    // a job completed early gave the rest of its slot back (the calendar still shows the slot)
    if (a.job.status === 'COMPLETED') {
      const done = await dispatcher.get<{ completedAt: string | null }>(`jobs/${a.job.id}`);
      if (done.completedAt) e = Math.min(e, new Date(done.completedAt).getTime());
    }
    if (s <= now && e > now)
      throw new Error(`operator is booked right now (${a.startsAt} – ${a.endsAt}): re-seed the test database`);
    if (e <= now) start = Math.max(start, e + 60_000);
    else end = Math.min(end, s);
  }
  // a booking of theirs that ended a moment ago (the journey before this one): wait until a free start lies in the past
  const wait = start - (now - 5_000);
  if (wait > 0 && wait <= 90_000 && end - start > 30 * 60_000) await new Promise((r) => setTimeout(r, wait + 1_000));
  expect(start, 'a free start before now').toBeLessThan(Date.now() - 5_000);
  return [new Date(start).toISOString(), new Date(end).toISOString()];
}

/**
 * A slot of `hours` that starts between `fromH` and `toH` hours from now (on the hour, picked at
 * random among the free ones) in which the operator has no booking, with an hour's margin each side.
 */
export async function freeSlotLater(
  dispatcher: ApiUser,
  operatorMembershipId: string,
  fromH: number,
  toH: number,
  hours = 1,
): Promise<[string, string]> {
  const base = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  const from = new Date(base + (fromH - 1) * 3_600_000).toISOString();
  const to = new Date(base + (toH + hours + 1) * 3_600_000).toISOString();
  const q = `assignments?operatorMembershipId=${operatorMembershipId}&from=${from}&to=${to}&limit=200`;
  const busy = (await dispatcher.get<{ items: { startsAt: string; endsAt: string }[] }>(q)).items.map(
    (a) => [new Date(a.startsAt).getTime(), new Date(a.endsAt).getTime()] as const,
  );
  const free: number[] = [];
  for (let h = fromH; h <= toH; h++) {
    const s = base + h * 3_600_000;
    const e = s + hours * 3_600_000;
    if (!busy.some(([bs, be]) => bs < e + 3_600_000 && be > s - 3_600_000)) free.push(s);
  }
  expect(free.length, `a free ${hours} h slot for the operator ${fromH}–${toH} h from now`).toBeGreaterThan(0);
  const s = free[Math.floor(Math.random() * free.length)]!;
  return [new Date(s).toISOString(), new Date(s + hours * 3_600_000).toISOString()];
}
