/* Neura service worker (generated at build time from web/pwa/sw-template.js; do not edit dist/sw.js).
 * Precaches the app shell so a reload offline shows the app (and its offline notice) instead of the
 * browser's error page. API and Socket.IO traffic is never cached or even intercepted. A new version
 * waits until the page asks it to take over (the update prompt). */
const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const CACHE = `neura-shell-${VERSION}`;
const BYPASS = [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('neura-shell-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (BYPASS.some((re) => re.test(url.pathname))) return;

  if (request.mode === 'navigate') {
    // Network first so a deploy shows at once; the cached shell when the network fails.
    event.respondWith(
      fetch(request).catch(() => caches.match('/index.html', { cacheName: CACHE }).then((r) => r || Response.error())),
    );
    return;
  }
  event.respondWith(caches.match(request, { cacheName: CACHE }).then((cached) => cached || fetch(request)));
});
