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

/** A same-origin path of the app only (a push can never open another site). */
const appPath = (url) => (typeof url === 'string' && /^\/(?!\/)/.test(url) ? url : '/');

// Web Push (issue #48): `{ title, body, url, chatId, messageId, icon? }` from the server.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Neura';
  const icon = typeof data.icon === 'string' && /^\/(?!\/)/.test(data.icon) ? data.icon : '/icons/icon-192.png';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon,
      badge: '/icons/icon-maskable-192.png',
      // One notification per chat: a newer reply replaces the older one.
      tag: typeof data.chatId === 'string' ? `chat:${data.chatId}` : 'neura',
      data: { url: appPath(data.url) },
    }),
  );
});

// A tap opens the chat: a tab of the app already open is focused and sent there, else a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(appPath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      // Navigate first: focusing may be refused (no user activation), the chat must open anyway.
      if (open) {
        return open.navigate(target).then(
          (w) => (w || open).focus().catch(() => undefined),
          () => self.clients.openWindow(target),
        );
      }
      return self.clients.openWindow(target);
    }),
  );
});
