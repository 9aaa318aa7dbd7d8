/*
 * The field app's service worker (hand-written; docs/offline.md says why not Serwist).
 * Scope: /field. What it does:
 *  - pages under /field (navigations and their RSC payloads): network first; a good answer
 *    (200, not a redirect to the login) is kept; without a network the kept copy is served.
 *  - /_next/static/* (content-hashed, immutable): cache first.
 *  - the manifest and icons: cached at install.
 *  - messages: 'warm' {urls} fetches pages and assets into the caches (the jobs of the next 7
 *    days, the scripts the open page already loaded); 'clear' drops the kept pages (sign-out).
 * API calls are not cached here: the app persists its query cache in IndexedDB itself.
 */
const VERSION = 'v2';
const PAGES = `amms-field-pages-${VERSION}`;
/** RSC payloads apart from the pages: a navigation's offline fallback must never answer with one. */
const RSC_PAGES = `amms-field-rsc-${VERSION}`;
const STATIC = `amms-field-static-${VERSION}`;
const SHELL = ['/field.webmanifest', '/field-icon.svg', '/field-icon-192.png', '/field-icon-512.png'];
const NETWORK_TIMEOUT_MS = 6000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(STATIC)
      .then((c) => c.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith('amms-field-') && ![PAGES, RSC_PAGES, STATIC].includes(k))
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

const isFieldPage = (url) => url.pathname === '/field' || url.pathname.startsWith('/field/');
const isStatic = (url) => url.pathname.startsWith('/_next/static/') || SHELL.includes(url.pathname);
const isRsc = (req) => req.headers.get('RSC') === '1' || new URL(req.url).searchParams.has('_rsc');

/** A page answer worth keeping: 200 from our origin, not a redirect (to /login after the session ended). */
const keepable = (res) => res && res.ok && res.status === 200 && !res.redirected && res.type === 'basic';

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

async function networkFirst(req, cacheKey, cacheName = PAGES) {
  const cache = await caches.open(cacheName);
  try {
    const res = await withTimeout(fetch(req), NETWORK_TIMEOUT_MS);
    if (keepable(res)) await cache.put(cacheKey, res.clone());
    return res;
  } catch (err) {
    const hit = await cache.match(cacheKey);
    if (hit) return hit;
    if (req.mode === 'navigate' && cacheName === PAGES) {
      // the same page kept with other parameters (?org=… without &asset=…): the app reads the URL itself
      const same = await cache.match(cacheKey, { ignoreSearch: true });
      if (same) return same;
      // another page of the field app the person has not opened yet: the home page, which shows what is kept
      const home = (await cache.keys()).find((k) => new URL(k.url).pathname === '/field');
      if (home) return (await cache.match(home)) || Response.error();
    }
    throw err;
  }
}

async function cacheFirst(req) {
  const cache = await caches.open(STATIC);
  const hit = await cache.match(req);
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) await cache.put(req, res.clone());
  return res;
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (isStatic(url)) {
    event.respondWith(cacheFirst(req));
    return;
  }
  if (!isFieldPage(url)) return;
  if (req.mode === 'navigate') {
    event.respondWith(networkFirst(req, url.href));
    return;
  }
  if (isRsc(req)) {
    // one RSC payload per page and router state: keyed by the full URL (with its _rsc hash), in a
    // cache of their own (a URL's fragment is not part of a cache key: same-URL payloads and pages
    // must not share one cache, or an offline reload could be answered with flight data)
    event.respondWith(networkFirst(req, url.href, RSC_PAGES));
  }
});

async function warm(urls) {
  const pages = await caches.open(PAGES);
  const statics = await caches.open(STATIC);
  await Promise.all(
    urls.map(async (u) => {
      try {
        const url = new URL(u, self.location.origin);
        if (url.origin !== self.location.origin) return;
        if (isStatic(url)) {
          if (!(await statics.match(url.href))) {
            const res = await fetch(url.href, { credentials: 'same-origin' });
            if (res.ok) await statics.put(url.href, res);
          }
          return;
        }
        if (!isFieldPage(url)) return;
        const res = await fetch(url.href, { credentials: 'same-origin', headers: { accept: 'text/html' } });
        if (!keepable(res)) return;
        const html = await res.clone().text();
        await pages.put(url.href, res);
        // the scripts and styles this page loads (its own chunks, not yet loaded by the open page)
        const assets = new Set(Array.from(html.matchAll(/\/_next\/static\/[A-Za-z0-9_\-./~%]+/g), (m) => m[0]));
        await Promise.all(
          [...assets].map(async (a) => {
            const href = new URL(a, self.location.origin).href;
            if (await statics.match(href)) return;
            const r = await fetch(href).catch(() => null);
            if (r && r.ok) await statics.put(href, r);
          }),
        );
      } catch {
        /* offline again: the next warm-up tries */
      }
    }),
  );
}

self.addEventListener('message', (event) => {
  const msg = event.data || {};
  if (msg.type === 'warm' && Array.isArray(msg.urls))
    event.waitUntil(warm(msg.urls).then(() => event.source && event.source.postMessage({ type: 'warmed' })));
  if (msg.type === 'clear') event.waitUntil(Promise.all([caches.delete(PAGES), caches.delete(RSC_PAGES)]));
});

/*
 * Web Push (docs/notifications.md): the API sends { title, body, link, tag } encrypted for this
 * browser; show it, and open (or focus) the link when it is tapped.
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : 'AMMS' };
  }
  const title = data.title || 'AMMS';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.tag || undefined,
      data: { link: data.link || '/field' },
      icon: '/field-icon-192.png',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data && event.notification.data.link) || '/field';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((wins) => {
      const target = new URL(link, self.location.origin).href;
      const open = wins.find((w) => w.url === target);
      return open ? open.focus() : self.clients.openWindow(target);
    }),
  );
});
