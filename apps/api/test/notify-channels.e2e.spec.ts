import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@amms/db';
import {
  ZListNotificationDeliveries,
  ZNotificationChannel,
  ZNotificationPreferences,
  ZPushKey,
  type TNotificationDelivery,
} from '@amms/contracts/notify-channels';
import { NotifyOutbound } from '../src/notifications/outbound/notify-events.js';
import { OutboundScan } from '../src/notifications/outbound/outbound-scan.js';
import { OutboundPlanner } from '../src/notifications/outbound/outbound-planner.js';
import { createOrg, startApp, testConfig, type Harness, type TestOrg } from './harness.js';
import { expectError, expectStatus, loginAll } from './assertions.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './env.js';
import { eventually as fixtureEventually } from './support/eventually.js';
import { MIGRATOR_JS, WORKER_JS, appendTail, killProcess, startWorkerProcess } from './processes.js';
import { jobOnTractor, machineRow, orgApi, submittedDieselCost, tag } from './support/world.js';
import { FakePushService } from './support/fake-push-service.js';
import { FakeBots } from './support/fake-bots.js';
import { FakeSmtp } from './support/fake-smtp.js';

/**
 * Notifications outside the app (issue #31) end to end: the API writes the domain event, the REAL
 * worker (dist/worker.js: `npm run build -w @amms/api` first) relays the outbox through BullMQ,
 * fans out, plans and sends to local fakes speaking each real protocol: a Web Push service that
 * checks the VAPID JWT and decrypts the aes128gcm payload, WeCom / DingTalk / Feishu bots that
 * check their signatures, and an SMTP server. Retries are fast here (150 ms base, 3 attempts).
 * Own database: the worker's relay takes every outbox row of it.
 */
const NT_DB = TEST_DATABASE_URL.replace(/\/([^/?]+)(\?|$)/, '/$1_nt$2');
const SECRETS = { dingtalk: `SEC${tag()}${tag()}`, feishu: `fs-${tag()}`, wecomKey: `k-${tag()}` };

let h: Harness;
let db: PrismaClient;
let worker: ChildProcess | undefined;
let workerLog = '';
const push = new FakePushService();
const bots = new FakeBots(SECRETS);
const smtp = new FakeSmtp();

const eventually = <T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000) =>
  fixtureEventually(read, ok, timeoutMs, 100, () => `worker log:\n${workerLog.slice(-3000)}`);

beforeAll(async () => {
  if (!existsSync(WORKER_JS)) throw new Error('dist/worker.js missing: run `npm run build -w @amms/api` first');
  execFileSync(process.execPath, [MIGRATOR_JS, 'migrate'], {
    env: { ...process.env, DATABASE_URL: NT_DB },
    stdio: 'ignore',
  });
  await Promise.all([push.start(), bots.start(), smtp.start()]);
  const env = {
    DATABASE_URL: NT_DB,
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    WEBHOOK_TIMEOUT_MS: '5000',
    SMTP_URL: smtp.url,
    SMTP_FROM: 'AMMS <notify@amms.test>',
    APP_URL: 'https://amms.example',
    NOTIFY_MAX_ATTEMPTS: '3',
    NOTIFY_RETRY_BASE_MS: '150',
    NOTIFY_SCAN_EVERY_MS: '86400000',
  };
  h = await startApp(env);
  db = createPrismaClient(NT_DB, { max: 3 });
  worker = await startWorkerProcess(
    { ...env, REDIS_URL: TEST_REDIS_URL, JWT_ACCESS_SECRET: testConfig().auth.accessSecret },
    (chunk) => (workerLog = appendTail(workerLog, chunk)),
  );
}, 120_000);

afterAll(async () => {
  await killProcess(worker);
  await h?.close();
  await db?.$disconnect();
  await Promise.all([push.close(), bots.close(), smtp.close()]);
});

const { get, post, patch, del } = orgApi(() => h);

interface World {
  org: TestOrg;
  t: Awaited<ReturnType<typeof loginAll>>;
  tractor: string;
}

async function world(): Promise<World> {
  const org = await createOrg(db, 'nt');
  return { org, t: await loginAll(h.base, org), tractor: await machineRow(db, org.id, `Tractor ${tag()}`) };
}

async function deliveries(w: World, query = ''): Promise<TNotificationDelivery[]> {
  const r = await get(w.t.OWNER, w.org.id, `/notification-deliveries?limit=100${query}`);
  expectStatus(r, 200);
  return ZListNotificationDeliveries.parse(r.body).items;
}

async function subscribe(w: World, path: string) {
  const browser = push.browser(path);
  const r = await post(
    w.t.MECHANIC,
    w.org.id,
    '/notification-settings/push-subscriptions',
    browser.subscription(path),
    tag(),
  );
  expectStatus(r, 201);
  return browser;
}

async function assignWorkOrder(w: World, title: string, assetId = w.tractor) {
  const r = await post(w.t.DISPATCHER, w.org.id, '/work-orders', {
    type: 'CORRECTIVE',
    assetId,
    title,
    assigneeMembershipId: w.org.users.MECHANIC.membershipId,
  });
  expectStatus(r, 201);
  return r.body as { id: string; number: number };
}

async function addBot(w: World, body: Record<string, unknown>) {
  const r = await post(w.t.OWNER, w.org.id, '/notification-channels', body, tag());
  expectStatus(r, 201);
  return ZNotificationChannel.parse(r.body);
}

describe('notify: push and group bots', () => {
  it('a work order assigned: the mechanic’s browser gets the push (VAPID checked, payload decrypted); WeCom, DingTalk and Feishu groups get it signed; the log says what went where', async () => {
    const w = await world();
    const other = await db.team.create({ data: { organizationId: w.org.id, name: `Other ${tag()}` } });
    const path = `/sub/${tag()}`;
    await subscribe(w, path);
    const events = ['WORK_ORDER_ASSIGNED'];
    await addBot(w, {
      kind: 'WECOM',
      name: 'Workshop',
      url: `${bots.base}/wecom/send?key=${SECRETS.wecomKey}`,
      events,
    });
    const ding = await addBot(w, {
      kind: 'DINGTALK',
      name: '机务群',
      url: `${bots.base}/dingtalk/robot/send?access_token=tok${tag()}`,
      secret: SECRETS.dingtalk,
      events,
    });
    expect(ding.signed).toBe(true);
    expect(ding.urlHint).toMatch(/access_token=tok.{0,4}…$/);
    expect(JSON.stringify(ding)).not.toContain(SECRETS.dingtalk);
    await addBot(w, {
      kind: 'FEISHU',
      name: 'Feishu',
      url: `${bots.base}/feishu/hook/abc${tag()}`,
      secret: SECRETS.feishu,
      events,
    });
    // another team's group and another event's group are not told
    await addBot(w, {
      kind: 'WECOM',
      name: 'Other team',
      teamId: other.id,
      url: `${bots.base}/wecom/other?key=${SECRETS.wecomKey}`,
      events,
    });
    await addBot(w, {
      kind: 'WECOM',
      name: 'Costs',
      url: `${bots.base}/wecom/costs?key=${SECRETS.wecomKey}`,
      events: ['COST_AWAITING_APPROVAL'],
    });

    const wo = await assignWorkOrder(w, `Hydraulic leak ${tag()}`);
    const label = `WO-${String(wo.number).padStart(6, '0')}`;
    const got = await eventually(
      async () => push.received.filter((r) => r.path === path),
      (r) => r.length === 1,
    );
    expect(got[0]!.payload).toEqual({
      title: '工单已分配给你',
      body: expect.stringContaining(label),
      link: `https://amms.example/orgs/${w.org.id}/maintenance/work-orders/${wo.id}`,
      tag: expect.stringMatching(/^WORK_ORDER_ASSIGNED-/),
    });
    const key = ZPushKey.parse((await get(w.t.MECHANIC, w.org.id, '/notification-settings/push-key')).body);
    expect(got[0]!.vapidPublicKey).toBe(key.publicKey);
    expect(Number(got[0]!.ttl)).toBeGreaterThan(0);

    const told = await eventually(
      async () => bots.received.filter((r) => r.text.includes(label)),
      (r) => r.length === 3,
    );
    expect(told.map((r) => r.kind).sort()).toEqual(['DINGTALK', 'FEISHU', 'WECOM']);
    expect(told.map((r) => r.path)).not.toContain('/wecom/other');
    expect(told.find((r) => r.kind === 'DINGTALK')!.text).toContain('工单已分配');

    const log = await eventually(
      () => deliveries(w),
      (d) => d.length === 4 && d.every((x) => x.status === 'SENT'),
    );
    const pushed = log.find((d) => d.channel === 'PUSH')!;
    expect(pushed).toMatchObject({
      recipientMembershipId: w.org.users.MECHANIC.membershipId,
      target: new URL(push.origin).host,
      attempts: 1,
      statusCode: 201,
    });
    expect(log.filter((d) => d.channel !== 'PUSH').every((d) => d.recipientMembershipId === null && d.channelId)).toBe(
      true,
    );
    expect(push.errors).toEqual([]);
    expect(bots.refused).toEqual([]);
  }, 60_000);

  it('a push service answering 410 drops the subscription; a 503 is retried after a backoff', async () => {
    const w = await world();
    const gone = `/gone/${tag()}`;
    const busy = `/busy/${tag()}`;
    await subscribe(w, gone);
    await subscribe(w, busy);
    expect(await db.pushSubscription.count({ where: { membershipId: w.org.users.MECHANIC.membershipId } })).toBe(2);
    await assignWorkOrder(w, 'Brakes');
    const log = await eventually(
      () => deliveries(w, '&channel=PUSH'),
      (d) => d.length === 2 && d.every((x) => x.status === 'SENT' || x.status === 'FAILED'),
    );
    const failed = log.find((d) => d.status === 'FAILED')!;
    expect(failed).toMatchObject({ statusCode: 410, attempts: 1 });
    expect(failed.lastError).toMatch(/^SUBSCRIPTION_GONE/);
    expect(log.find((d) => d.status === 'SENT')).toMatchObject({ attempts: 2, statusCode: 201 });
    const left = await db.pushSubscription.findMany({ where: { membershipId: w.org.users.MECHANIC.membershipId } });
    expect(left.map((s) => new URL(s.endpoint).pathname)).toEqual([busy]);
    expect(push.received.filter((r) => r.path === busy)).toHaveLength(1);
  }, 60_000);

  it('a bot that refuses the signature is retried, then the message FAILS with the bot’s error; a group down (500) is retried until it answers', async () => {
    const w = await world();
    const events = ['MACHINE_DOWN'];
    await addBot(w, {
      kind: 'DINGTALK',
      name: 'wrong secret',
      url: `${bots.base}/dingtalk/send?access_token=x`,
      secret: 'SECnot-the-one',
      events,
    });
    await addBot(w, {
      kind: 'FEISHU',
      name: 'feishu',
      url: `${bots.base}/feishu/hook/${tag()}`,
      secret: SECRETS.feishu,
      events,
    });
    bots.failNext = 1;
    const refusedBefore = bots.refused.length;
    // the mechanic reports a breakdown: the machine is down (nobody's jobs: only the groups are told)
    await db.membership.update({ where: { id: w.org.users.MECHANIC.membershipId }, data: { dataScope: 'ORG' } });
    expectStatus(
      await post(w.t.MECHANIC, w.org.id, '/work-orders', { type: 'CORRECTIVE', assetId: w.tractor, title: 'Engine' }),
      201,
    );
    const log = await eventually(
      () => deliveries(w),
      (d) => d.length === 2 && d.every((x) => x.status === 'SENT' || x.status === 'FAILED'),
    );
    const ding = log.find((d) => d.channel === 'DINGTALK')!;
    expect(ding).toMatchObject({ status: 'FAILED', attempts: 3, event: 'MACHINE_DOWN' });
    expect(ding.lastError).toContain('310000');
    expect(bots.refused.length - refusedBefore).toBeGreaterThanOrEqual(2);
    const feishu = log.find((d) => d.channel === 'FEISHU')!;
    expect(feishu.status).toBe('SENT');
  }, 60_000);
});

describe('notify: the same event planned twice at once', () => {
  it('concurrent plans of one event write one message per channel and target (the dedupe key), and the group is told once', async () => {
    const w = await world();
    const path = `/sub/${tag()}`;
    await subscribe(w, path);
    await addBot(w, {
      kind: 'WECOM',
      name: 'once',
      url: `${bots.base}/wecom/once-${tag()}?key=${SECRETS.wecomKey}`,
      events: ['MACHINE_DOWN'],
    });
    const planner = h.app.get(OutboundPlanner);
    const event = {
      organizationId: w.org.id,
      event: 'MACHINE_DOWN' as const,
      sourceKey: `concurrent-${tag()}`,
      resourceType: 'asset',
      resourceId: w.tractor,
      group: true,
      recipients: [{ membershipId: w.org.users.MECHANIC.membershipId, label: 'Tractor', jobCount: 2 }],
    };
    const results = await Promise.all([1, 2, 3, 4].map(() => planner.plan(event)));
    expect(results.reduce((n, r) => n + r.planned, 0)).toBe(2);
    const log = await eventually(
      () => deliveries(w),
      (d) => d.length === 2 && d.every((x) => x.status === 'SENT'),
    );
    expect(log.map((d) => d.channel).sort()).toEqual(['PUSH', 'WECOM']);
    const got = push.received.filter((r) => r.path === path);
    expect(got).toHaveLength(1);
    expect(got[0]!.payload).toMatchObject({ title: '机器停机', body: 'Tractor\n影响 2 个已排作业' });
  }, 60_000);
});

describe('notify: e-mail and the daily scan', () => {
  it('a cost waiting for approval is e-mailed to those who may approve it (an SMTP 451 is retried); not to its creator', async () => {
    const w = await world();
    smtp.rejectNext = 1;
    const doc = await submittedDieselCost(h, w);
    const label = `CD-${String(doc.number).padStart(6, '0')}`;
    const to = [w.org.users.OWNER.email, w.org.users.ADMIN.email];
    const mails = await eventually(
      async () => smtp.received.filter((m) => to.includes(m.to[0]!)),
      (m) => m.length === 2,
    );
    expect(mails.every((m) => m.raw.includes(label) && m.from === 'notify@amms.test')).toBe(true);
    expect(smtp.received.some((m) => m.to.includes(w.org.users.ACCOUNTANT.email))).toBe(false);
    const log = await eventually(
      () => deliveries(w, '&channel=EMAIL'),
      (d) => d.length === 2 && d.every((x) => x.status === 'SENT'),
    );
    // the 451 cost one of them an attempt (a loaded machine may add a timed-out one: still retried, still SENT)
    expect(smtp.rejectNext).toBe(0);
    expect(Math.max(...log.map((d) => d.attempts))).toBeGreaterThanOrEqual(2);
    expect(log.map((d) => d.target).sort()).toEqual([...to].sort());
  }, 60_000);

  it('my job starts tomorrow (evening scan) reaches the operator; the daily digest e-mails what waits; a second scan adds nothing', async () => {
    const w = await world();
    // the operator's own device
    const opPath = `/op/${tag()}`;
    const opBrowser = push.browser(opPath);
    expectStatus(
      await post(
        w.t.OPERATOR,
        w.org.id,
        '/notification-settings/push-subscriptions',
        opBrowser.subscription(opPath),
        tag(),
      ),
      201,
    );
    const field = await post(w.t.OWNER, w.org.id, '/fields', { name: `F ${tag()}`, areaHa: 5 });
    expectStatus(field, 201);
    // "now" is 20:00 in Shanghai; tomorrow's job starts 08:00 local
    const now = new Date('2027-06-01T12:00:00.000Z');
    await jobOnTractor(
      h,
      w,
      w.tractor,
      {
        fieldId: (field.body as { id: string }).id,
        title: `Plough ${tag()}`,
        estimatedHours: 4,
        windowStart: '2027-06-02T00:00:00.000Z',
        windowEnd: '2027-06-03T00:00:00.000Z',
      },
      { startsAt: '2027-06-02T00:00:00.000Z', endsAt: '2027-06-02T04:00:00.000Z' },
    );
    const scan = h.app.get(OutboundScan);
    const orgRow = { id: w.org.id, timezone: 'Asia/Shanghai' };
    expect(await scan.jobsTomorrow(orgRow, now)).toBe(1);
    expect(await scan.jobsTomorrow(orgRow, now)).toBe(0);
    // the day before, the job is not "tomorrow"
    expect(await scan.jobsTomorrow(orgRow, new Date('2027-05-31T12:00:00.000Z'))).toBe(0);
    const got = await eventually(
      async () => push.received.filter((r) => r.path === opPath),
      (r) => r.length === 1,
    );
    expect(got[0]!.payload).toMatchObject({
      title: '你的作业明天开始',
      body: expect.stringContaining('2027-06-02 08:00'),
    });

    // the owner has an unread notification (the job was scheduled) and a cost to approve
    const cost = await post(w.t.ACCOUNTANT, w.org.id, '/cost-documents', {
      category: 'FUEL',
      documentDate: '2026-11-02',
      lines: [{ description: 'diesel', quantity: 1, unitPriceMinor: '700' }],
    });
    expectStatus(
      await post(w.t.ACCOUNTANT, w.org.id, `/cost-documents/${(cost.body as { id: string }).id}/submit`),
      200,
    );
    await eventually(
      () => db.notification.count({ where: { recipientMembershipId: w.org.users.OWNER.membershipId } }),
      (n) => n >= 1,
    );
    const morning = new Date('2027-06-02T00:30:00.000Z'); // 08:30 in Shanghai
    const planned = await scan.digests(orgRow, morning);
    expect(planned).toBeGreaterThanOrEqual(2); // the owner and the admin (approvers, e-mail by default)
    expect(await scan.digests(orgRow, morning)).toBe(0);
    const digest = await eventually(
      async () => smtp.received.filter((m) => m.to[0] === w.org.users.OWNER.email && m.raw.includes('2027-06-02')),
      (m) => m.length === 1,
    );
    expect(digest[0]!.raw).toMatch(/CD-0000\d\d/);
    expect(smtp.received.some((m) => m.to[0] === w.org.users.OPERATOR.email)).toBe(false); // no digest by default
  }, 60_000);

  it('an execution that failed and a draft still waiting reach the member who confirmed / ran it', async () => {
    const w = await world();
    const opPath = `/disp/${tag()}`;
    const browser = push.browser(opPath);
    expectStatus(
      await post(
        w.t.DISPATCHER,
        w.org.id,
        '/notification-settings/push-subscriptions',
        browser.subscription(opPath),
        tag(),
      ),
      201,
    );
    const draft = await db.draft.create({
      data: {
        organizationId: w.org.id,
        kind: 'SCHEDULE',
        title: `Plan ${tag()}`,
        createdByUserId: w.org.users.DISPATCHER.id,
      },
    });
    await db.$transaction((tx) => NotifyOutbound.emit(tx, w.org.id, 'DRAFT_AWAITING_CONFIRMATION', draft.id));
    // the grace period is over (the row says when it may go)
    await db.outboxEvent.updateMany({
      where: { organizationId: w.org.id, name: 'notification.outbound' },
      data: { availableAt: new Date() },
    });
    const got = await eventually(
      async () => push.received.filter((r) => r.path === opPath),
      (r) => r.length === 1,
    );
    expect(got[0]!.payload).toMatchObject({ title: '草案待你确认', body: draft.title });

    const exec = await db.execution.create({
      data: {
        organizationId: w.org.id,
        draftId: draft.id,
        version: 1,
        status: 'FAILED',
        initiatorMembershipId: w.org.users.DISPATCHER.membershipId,
        initiatorUserId: w.org.users.DISPATCHER.id,
        itemsTotal: 1,
      } as never,
    });
    await db.$transaction((tx) => NotifyOutbound.emit(tx, w.org.id, 'EXECUTION_FAILED', exec.id));
    const failed = await eventually(
      async () => push.received.filter((r) => r.path === opPath),
      (r) => r.length === 2,
    );
    expect(failed[1]!.payload).toMatchObject({ title: '执行失败', body: `${draft.title} (FAILED)` });
    // a draft confirmed meanwhile is not pushed any more
    const draft2 = await db.draft.create({
      data: {
        organizationId: w.org.id,
        kind: 'SCHEDULE',
        title: 'done already',
        createdByUserId: w.org.users.DISPATCHER.id,
        status: 'EXECUTED',
      },
    });
    await db.$transaction((tx) => NotifyOutbound.emit(tx, w.org.id, 'DRAFT_AWAITING_CONFIRMATION', draft2.id));
    await db.outboxEvent.updateMany({
      where: { organizationId: w.org.id, name: 'notification.outbound' },
      data: { availableAt: new Date() },
    });
    await eventually(
      () =>
        db.outboxEvent.count({
          where: { organizationId: w.org.id, name: 'notification.outbound', dispatchedAt: null },
        }),
      (n) => n === 0,
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(push.received.filter((r) => r.path === opPath)).toHaveLength(2);
  }, 60_000);
});

describe('notify: preferences, quiet hours and who may configure', () => {
  it('a member turns an event off, or is in quiet hours: nothing now; bad choices are 400', async () => {
    const w = await world();
    const path = `/sub/${tag()}`;
    await subscribe(w, path);
    const before = ZNotificationPreferences.parse((await get(w.t.MECHANIC, w.org.id, '/notification-settings')).body);
    expect(before).toMatchObject({ isDefault: true, pushDevices: 1, timeZone: 'Asia/Shanghai' });
    expect(before.channels.WORK_ORDER_ASSIGNED).toEqual(['PUSH']);

    const off = await patch(w.t.MECHANIC, w.org.id, '/notification-settings', {
      channels: { WORK_ORDER_ASSIGNED: [] },
    });
    expectStatus(off, 200);
    expect(ZNotificationPreferences.parse(off.body).channels.WORK_ORDER_ASSIGNED).toEqual([]);
    await assignWorkOrder(w, 'quiet please');
    await eventually(
      () => db.notification.count({ where: { recipientMembershipId: w.org.users.MECHANIC.membershipId } }),
      (n) => n === 1,
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(await deliveries(w)).toEqual([]);

    // quiet hours around now (UTC): the push waits for their end
    const hhmm = (d: Date) => d.toISOString().slice(11, 16);
    const end = new Date(Date.now() + 2 * 3_600_000);
    expectStatus(
      await patch(w.t.MECHANIC, w.org.id, '/notification-settings', {
        channels: { WORK_ORDER_ASSIGNED: ['PUSH'] },
        quietStart: hhmm(new Date(Date.now() - 3_600_000)),
        quietEnd: hhmm(end),
        timeZone: 'UTC',
      }),
      200,
    );
    await assignWorkOrder(w, 'at night');
    const waiting = await eventually(
      () => deliveries(w),
      (d) => d.length === 1,
    );
    expect(waiting[0]!.status).toBe('PENDING');
    expect(waiting[0]!.notBefore.slice(11, 16)).toBe(hhmm(end));
    expect(push.received.filter((r) => r.path === path)).toEqual([]);

    expectError(
      await patch(w.t.MECHANIC, w.org.id, '/notification-settings', { channels: { DAILY_DIGEST: ['PUSH'] } }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await patch(w.t.MECHANIC, w.org.id, '/notification-settings', { quietStart: '22:00' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await patch(w.t.MECHANIC, w.org.id, '/notification-settings', { timeZone: 'Mars/Olympus' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await patch(w.t.MECHANIC, w.org.id, '/notification-settings', { quietStart: '25:00', quietEnd: '07:00' }),
      400,
      'VALIDATION_FAILED',
    );
    // each member has their own: the operator's are still the defaults
    expect(
      ZNotificationPreferences.parse((await get(w.t.OPERATOR, w.org.id, '/notification-settings')).body).isDefault,
    ).toBe(true);
  }, 60_000);

  it('only notify.manage configures bots; private targets are refused; another org’s bot is 404', async () => {
    const w = await world();
    const x = await world();
    const body = {
      kind: 'WECOM',
      name: 'g',
      url: `${bots.base}/wecom/a?key=${SECRETS.wecomKey}`,
      events: ['MACHINE_DOWN'],
    };
    for (const role of ['DISPATCHER', 'MECHANIC', 'ACCOUNTANT', 'OPERATOR', 'VIEWER'] as const) {
      expectError(await get(w.t[role], w.org.id, '/notification-channels'), 403, 'FORBIDDEN');
      expectError(await post(w.t[role], w.org.id, '/notification-channels', body, tag()), 403, 'FORBIDDEN');
      expectError(await get(w.t[role], w.org.id, '/notification-deliveries'), 403, 'FORBIDDEN');
    }
    expectError(
      await post(w.t.ADMIN, w.org.id, '/notification-channels', { ...body, url: 'http://10.1.2.3/hook' }, tag()),
      422,
      'WEBHOOK_URL_REFUSED',
    );
    expectError(
      await post(
        w.t.ADMIN,
        w.org.id,
        '/notification-channels',
        { ...body, url: 'http://169.254.169.254/latest' },
        tag(),
      ),
      422,
      'WEBHOOK_URL_REFUSED',
    );
    expectError(
      await post(w.t.ADMIN, w.org.id, '/notification-channels', { ...body, kind: 'SLACK' }, tag()),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await post(w.t.ADMIN, w.org.id, '/notification-channels', { ...body, teamId: crypto.randomUUID() }, tag()),
      404,
      'NOT_FOUND',
    );
    const mine = await addBot(w, body);
    expectError(
      await patch(x.t.OWNER, x.org.id, `/notification-channels/${mine.id}`, { version: 1, name: 'stolen' }),
      404,
      'NOT_FOUND',
    );
    expectError(await del(x.t.OWNER, x.org.id, `/notification-channels/${mine.id}`), 404, 'NOT_FOUND');
    expectError(await post(x.t.OWNER, x.org.id, `/notification-channels/${mine.id}/test`, {}, tag()), 404, 'NOT_FOUND');
    expect(((await get(x.t.OWNER, x.org.id, '/notification-channels')).body as { items: unknown[] }).items).toEqual([]);
    expectError(
      await patch(w.t.OWNER, w.org.id, `/notification-channels/${mine.id}`, { version: 9, name: 'late' }),
      409,
      'VERSION_CONFLICT',
    );
    const renamed = await patch(w.t.OWNER, w.org.id, `/notification-channels/${mine.id}`, {
      version: 1,
      name: 'renamed',
    });
    expectStatus(renamed, 200);
    expect(ZNotificationChannel.parse(renamed.body)).toMatchObject({ name: 'renamed', version: 2 });
    // a test message goes through the queue to the group
    const before = bots.received.length;
    expectStatus(await post(w.t.OWNER, w.org.id, `/notification-channels/${mine.id}/test`, {}, tag()), 200);
    await eventually(
      async () => bots.received.length,
      (n) => n === before + 1,
    );
    expectStatus(await del(w.t.OWNER, w.org.id, `/notification-channels/${mine.id}`), 204);
    expect(((await get(w.t.OWNER, w.org.id, '/notification-channels')).body as { items: unknown[] }).items).toEqual([]);
    const audit = await db.auditEvent.findMany({
      where: { organizationId: w.org.id, entityType: 'notification_channel' },
    });
    expect(audit.map((a) => a.action).sort()).toEqual([
      'notification_channel.created',
      'notification_channel.deleted',
      'notification_channel.tested',
      'notification_channel.updated',
    ]);
    // a push endpoint on a private address is refused too
    const b = push.browser('/x');
    const sub = { ...b.subscription('/x'), endpoint: 'https://10.0.0.7/push/abc' };
    expectError(
      await post(w.t.MECHANIC, w.org.id, '/notification-settings/push-subscriptions', sub, tag()),
      422,
      'WEBHOOK_URL_REFUSED',
    );
  }, 60_000);
});
