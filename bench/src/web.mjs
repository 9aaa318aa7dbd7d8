// `npm run bench:web`: Lighthouse (the npm package, driving Debian's Chromium through chrome-launcher)
// over the signed-in web app on a scale-10 org — the overview, the jobs timeline, a draft review and
// the analytics page at desktop size, the field app at phone size — plus the time from navigation to
// the overview shown with its data (Playwright's Chromium, the same binary). Figures, not pass/fail.
//
// It builds nothing: run `npm run build` first (with NEXT_DIST_DIR when the web build lives elsewhere).
// It starts the built API (BENCH_API_PORT, 3241) and `next start` (BENCH_WEB_PORT, 3240) itself on
// its own database (BENCH_DB, default amms_bench_web, seeded --scale 10 once; the seed leaves an
// already-seeded org as it is), or uses running ones: BENCH_WEB_URL + BENCH_API_URL (then nothing is
// started or seeded).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { benchTarget, demoLogin, json, prepare, ROOT, sleep, start, stop, stopAll, waitUp } from './lib.mjs';

const env = process.env;
const target = benchTarget(10, () => 'amms_bench_web');
const CHROME = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(env.BENCH_RUNS ?? 1);
const RENDER_RUNS = Number(env.BENCH_RENDER_RUNS ?? 5);
const API_PORT = Number(env.BENCH_API_PORT ?? 3241);
const WEB_PORT = Number(env.BENCH_WEB_PORT ?? 3240);
const external = Boolean(env.BENCH_WEB_URL);
const apiBase = env.BENCH_API_URL ?? `http://127.0.0.1:${API_PORT}`;
const webBase = env.BENCH_WEB_URL ?? `http://127.0.0.1:${WEB_PORT}`;
const USER = env.BENCH_WEB_USER ?? 'owner@green-valley.demo';
const FIELD_USER = env.BENCH_FIELD_USER ?? 'operator@green-valley.demo';
const MECHANIC = env.BENCH_MECHANIC_USER ?? 'mechanic@green-valley.demo';
const PASSWORD = 'amms-demo-2026';
const scratch = path.join(ROOT, '.e2e-tmp', 'bench-web');
mkdirSync(scratch, { recursive: true });

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Signs in through the web's own route; answers the Cookie header its Set-Cookie lines make. */
async function webCookie(email) {
  const res = await fetch(`${webBase}/api/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: webBase },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`web sign-in as ${email}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * A draft to review: the org's newest, else one the agent plans for the next two weeks, else (the
 * agent failed) one written like bench:execution's (88 harvest items, confirmed).
 */
async function someDraft(auth) {
  const list = await json(
    await fetch(`${apiBase}/api/v1/orgs/${auth.orgId}/drafts?limit=1`, { headers: auth.headers }),
  );
  if (list.items?.[0]) return list.items[0].id;
  const run = await json(
    await fetch(`${apiBase}/api/v1/orgs/${auth.orgId}/agent/runs`, {
      method: 'POST',
      headers: { ...auth.headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ goal: '安排未来两周的所有作业' }),
    }),
  );
  if (run.draft) return run.draft.id;
  console.log(`  the agent made no draft (${run.status}: ${JSON.stringify(run.error ?? null)}); writing one`);
  const { confirmedDraft, createPrismaClient } = await import('./drafts.mjs');
  const db = createPrismaClient(target.databaseUrl, { max: 2 });
  try {
    const from = Date.now() + 60 * 86_400_000;
    return (await confirmedDraft(db, apiBase, auth, { lanes: 8, perLane: 11, from, label: 'bench-web' })).id;
  } finally {
    await db.$disconnect();
  }
}

/**
 * A work order for the field app's work-order page (issue #30 §1): the newest open one the
 * mechanic sees (the field app's work-order user), else any of the org's.
 */
async function someWorkOrder(orgId) {
  const mech = await demoLogin(apiBase, MECHANIC, 'green-valley');
  for (const q of ['?status=OPEN&limit=1', '?status=IN_PROGRESS&limit=1', '?limit=1']) {
    const list = await json(await fetch(`${apiBase}/api/v1/orgs/${orgId}/work-orders${q}`, { headers: mech.headers }));
    if (list.items?.[0]) return list.items[0].id;
  }
  throw new Error(`no work order visible to ${MECHANIC}`);
}

async function audit(url, { cookie, phone, name }) {
  const profile = path.join(scratch, `profile-${process.pid}`);
  mkdirSync(profile, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags,
    userDataDir: profile,
    envVars: { ...env, HOME: scratch, XDG_CONFIG_HOME: scratch, XDG_CACHE_HOME: scratch },
  });
  try {
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: { Cookie: cookie },
      // a loaded 2-core machine: give the page time rather than fail the audit
      maxWaitForFcp: 60_000,
      maxWaitForLoad: 90_000,
    };
    const r = await lighthouse(url, flags, phone ? undefined : desktopConfig);
    const lhr = r.lhr;
    // the whole report, for Lighthouse's own diagnostics (unused / legacy JS, long tasks, LCP element)
    writeFileSync(path.join(scratch, `${name.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const a = lhr.audits;
    const num = (id) => a[id]?.numericValue ?? NaN;
    return {
      finalUrl: lhr.finalDisplayedUrl,
      perf: Math.round((lhr.categories.performance.score ?? 0) * 100),
      a11y: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
      js: (a['network-requests']?.details?.items ?? [])
        .filter((i) => i.resourceType === 'Script')
        .reduce((t, i) => t + (i.transferSize ?? 0), 0),
      unusedJs: a['unused-javascript']?.details?.overallSavingsBytes ?? 0,
      legacyJs: a['legacy-javascript']?.details?.overallSavingsBytes ?? 0,
      failedA11y: Object.values(a)
        .filter((x) => lhr.categories.accessibility.auditRefs.some((r) => r.id === x.id) && x.score === 0)
        .map((x) => x.id),
    };
  } finally {
    chrome.kill();
  }
}

/* global document -- the two functions below run inside the page (Playwright serialises them) */
/**
 * In the page: the overview shows its data (fleet tiles, the KPI charts), no spinner, nothing busy.
 * Functions, not strings: the app's CSP has no 'unsafe-eval', and Playwright evaluates a string
 * predicate with eval inside the page (a function goes through the protocol).
 */
const overviewShown = () =>
  document.querySelector('[aria-labelledby="fleet-card-title"] dl') !== null &&
  document.getElementById('kpi-util-title') !== null &&
  document.querySelector('main p[role="status"] svg') === null &&
  document.querySelector('main [aria-busy="true"]') === null;

/** In the page: which part of overviewShown is missing (for the message when it never holds). */
const overviewState = () => ({
  fleetTiles: document.querySelector('[aria-labelledby="fleet-card-title"] dl') !== null,
  kpiCharts: document.getElementById('kpi-util-title') !== null,
  spinners: [...document.querySelectorAll('main p[role="status"]')]
    .filter((p) => p.querySelector('svg'))
    .map((p) => p.closest('section')?.getAttribute('aria-labelledby') ?? p.textContent),
  busy: [...document.querySelectorAll('main [aria-busy="true"]')].map(
    (x) => x.id || x.getAttribute('aria-labelledby') || x.tagName,
  ),
});

/** ms from navigation start to the overview showing its data: fleet tiles, KPI charts, no spinner, nothing busy. */
async function overviewRenderTimes(url, cookie) {
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: chromeFlags.filter((f) => !f.startsWith('--headless')),
    env: { ...env, HOME: scratch, XDG_CONFIG_HOME: scratch, XDG_CACHE_HOME: scratch },
  });
  const out = { shown: [], idle: [] };
  try {
    const ctx = await browser.newContext({ viewport: { width: 1350, height: 940 }, locale: 'zh-CN' });
    await ctx.addCookies(
      cookie.split('; ').map((c) => {
        const i = c.indexOf('=');
        return { name: c.slice(0, i), value: c.slice(i + 1), url: webBase };
      }),
    );
    const page = await ctx.newPage();
    // one warm-up load (the server's first render of a route compiles nothing in production, but
    // fills the API's caches and the browser's script cache as a returning user has them)
    await page.goto(url, { waitUntil: 'networkidle' });
    for (let i = 0; i < RENDER_RUNS; i++) {
      await page.goto('about:blank');
      const t0 = Date.now();
      // settled at once (an error as a value): a navigation failing while the wait below runs must
      // not become an unhandled rejection once the browser is closed
      const nav = page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 }).then(
        () => null,
        (err) => err,
      );
      try {
        await page.waitForFunction(overviewShown, undefined, { timeout: 60_000, polling: 'raf' });
      } catch (err) {
        const state = await page.evaluate(overviewState).catch(() => 'page gone');
        throw new Error(`the overview did not show its data (${JSON.stringify(state)}): ${err.message}`, {
          cause: err,
        });
      }
      out.shown.push(Date.now() - t0);
      const navErr = await nav;
      if (navErr) throw navErr;
      out.idle.push(Date.now() - t0);
    }
  } finally {
    await browser.close();
  }
  return out;
}

/** Issue #30 §1's targets for a phone page, over every run (not the median): each run must pass. */
function phoneTargets(name, runs) {
  const n = runs.length;
  const count = (f) => `${runs.filter(f).length} of ${n}`;
  const worst = (k) => Math.round(Math.max(...runs.map((r) => r[k])));
  return (
    `  ${name}: perf ≥ 90 in ${count((r) => r.perf >= 90)} runs (${runs.map((r) => r.perf).join(', ')}); ` +
    `TBT ≤ 200 ms ${count((r) => r.tbt <= 200)} (worst ${worst('tbt')} ms); LCP ≤ 2.5 s ${count((r) => r.lcp <= 2500)} ` +
    `(worst ${worst('lcp')} ms); a11y 100 ${count((r) => r.a11y === 100)}   target (#30): ${n} of ${n} each`
  );
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (n) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '—');
const kb = (n) => `${Math.round(n / 1024)} KiB`;

function waitWeb(base) {
  return (async () => {
    for (let i = 0; i < 450; i++) {
      try {
        if ((await fetch(`${base}/login`)).ok) return;
      } catch {
        /* starting */
      }
      await sleep(200);
    }
    throw new Error(`${base} did not start (build the web first: npm run build)`);
  })();
}

let api;
let web;
// Lighthouse can reject from inside its own timers (a protocol timeout under heavy load): never
// leave the servers this bench started behind
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.on(event, (err) => {
    console.error(`${event}:`, err instanceof Error ? err.stack : err);
    web?.kill('SIGTERM');
    stopAll();
    process.exit(1);
  });
}
try {
  console.log(
    `AMMS bench:web — Lighthouse ${RUNS === 1 ? 'once' : `${RUNS}× (median)`} per page, ${external ? webBase : `database ${target.dbName} (scale ${target.scale})`}`,
  );
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')} (${os.cpus().length} cores)\n`,
  );
  if (!external) {
    for (const base of [apiBase, webBase])
      if (
        await fetch(base).then(
          () => true,
          () => false,
        )
      )
        throw new Error(`${base} is already taken: stop what listens there, or set BENCH_WEB_URL and BENCH_API_URL`);
    await prepare(target);
    api = start('api', ['apps/api/dist/main.js'], {
      ...target.env,
      PORT: String(API_PORT),
      WEB_ORIGIN: webBase,
    });
    await waitUp(apiBase);
    web = spawn(
      process.execPath,
      [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'start', '-H', '127.0.0.1', '-p', String(WEB_PORT)],
      {
        cwd: path.join(ROOT, 'apps/web'),
        env: { ...env, NODE_ENV: 'production', API_URL: apiBase, NEXT_TELEMETRY_DISABLED: '1' },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    await waitWeb(webBase);
  }
  const auth = await demoLogin(apiBase, 'dispatcher@green-valley.demo', 'green-valley');
  const draftId = await someDraft(auth);
  const workOrderId = await someWorkOrder(auth.orgId);
  const org = `${webBase}/orgs/${auth.orgId}`;
  const only = env.BENCH_PAGES?.split(',').map((x) => x.trim()); // e.g. "overview,analytics"
  const allPages = [
    { name: 'overview', url: org, user: USER },
    { name: 'jobs timeline', url: `${org}/jobs/timeline`, user: USER },
    { name: 'draft review', url: `${org}/drafts/${draftId}`, user: USER },
    { name: 'analytics', url: `${org}/analytics`, user: USER },
    { name: 'field (phone)', url: `${webBase}/field`, user: FIELD_USER, phone: true },
    {
      name: 'field work order (phone)',
      url: `${webBase}/field/work-orders/${workOrderId}?org=${auth.orgId}`,
      user: MECHANIC,
      phone: true,
    },
  ];
  const pages = only ? allPages.filter((p) => only.some((o) => p.name.startsWith(o))) : allPages;

  // every route once before measuring: `next start` renders on demand and a route's first
  // request loads its server chunks
  for (const p of pages) await fetch(p.url, { headers: { cookie: await webCookie(p.user) } });

  console.log(
    `${'page'.padEnd(24)} ${'perf'.padStart(4)} ${'a11y'.padStart(4)} ${'FCP'.padStart(8)} ${'LCP'.padStart(8)} ${'TBT'.padStart(8)} ${'CLS'.padStart(5)} ${'JS'.padStart(9)} ${'unused'.padStart(9)} ${'legacy'.padStart(8)}`,
  );
  const failures = [];
  const phoneLines = [];
  for (const p of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      // one more try when Chromium does not answer in time (protocol timeouts under heavy load)
      for (let attempt = 1; ; attempt++) {
        try {
          runs.push(await audit(p.url, { cookie: await webCookie(p.user), phone: p.phone, name: p.name }));
          break;
        } catch (err) {
          if (attempt >= 2) {
            failures.push(`${p.name}: ${err instanceof Error ? err.message : err}`);
            break;
          }
        }
      }
    }
    if (!runs.length) {
      console.log(`${p.name.padEnd(24)} (no audit: see below)`);
      continue;
    }
    runs.sort((a, b) => a.perf - b.perf);
    const r = runs[Math.floor(runs.length / 2)];
    if (p.phone) phoneLines.push(phoneTargets(p.name, runs));
    if (!r.finalUrl.startsWith(p.url)) failures.push(`${p.name}: ended on ${r.finalUrl}`);
    if (r.failedA11y.length) failures.push(`${p.name}: accessibility audits failed: ${r.failedA11y.join(', ')}`);
    console.log(
      `${p.name.padEnd(24)} ${String(r.perf).padStart(4)} ${String(r.a11y).padStart(4)} ${ms(r.fcp).padStart(8)} ${ms(r.lcp).padStart(8)} ${ms(r.tbt).padStart(8)} ${r.cls.toFixed(2).padStart(5)} ${kb(r.js).padStart(9)} ${kb(r.unusedJs).padStart(9)} ${kb(r.legacyJs).padStart(8)}`,
    );
  }
  for (const line of phoneLines) console.log(line);
  for (const f of failures) console.log(`  ! ${f}`);

  const times = await overviewRenderTimes(org, await webCookie(USER));
  console.log(
    `\noverview_rendered_ms=${median(times.shown)} (median of ${times.shown.length}: ${times.shown.join(', ')}); to network idle ${median(times.idle)} ms`,
  );
  console.log(
    `load average at end: ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    '\nperf/a11y: Lighthouse scores (desktop preset; the field app with the default phone preset). JS = script bytes transferred;' +
      "\nunused/legacy = Lighthouse's estimated savings. Targets (issue #16): ≥ 90 desktop, ≥ 95 phone, a11y 100, overview ≤ 1 s." +
      `\nThe reports (JSON) are in ${path.relative(ROOT, scratch)}/.` +
      '\nOn a shared, loaded 2-core machine TBT and the scores move with the load: compare runs made in the same conditions.',
  );
} catch (err) {
  console.error(err instanceof Error ? err.stack : err);
  process.exitCode = 1;
} finally {
  if (web) {
    web.kill('SIGTERM');
  }
  if (api) await stop(api);
  stopAll();
}
