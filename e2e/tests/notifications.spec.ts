import path from 'node:path';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { type FakePushService, startFakePushService } from '@neura/test-kit/fakes/web-push';
import { createTestChat } from '@neura/test-kit/seed';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { createSignedInUser, signIn, withSeed } from '../support/session.js';

/**
 * Notifications (issue #48) in Chromium at both sizes: the permission is granted through
 * Playwright's `permissions`, the user turns notifications on in Settings › Notifications (the
 * permission asked only then, with a line saying why), the subscription is stored on the server;
 * the user sends a message and closes the tab, the server pushes the finished reply to the local
 * push service (VAPID checked, payload decrypted), and that payload dispatched to the app's
 * service worker (delivered as DevTools delivers a push) shows the notification with the persona's name and
 * the chat's URL; a tap opens it.
 *
 * Headless Chromium cannot reach a browser push service (its `pushManager.subscribe` answers
 * "Registration failed"), so the page's PushManager hands out a subscription at the local push
 * service with real keys; everything else is the app's own code.
 */
/** The service worker's global scope, as far as the test uses it (e2e has no WebWorker lib). */
interface SwScope {
  dispatchEvent(event: Event): boolean;
  registration: { getNotifications(): Promise<Array<{ title: string; body: string; data: unknown; icon: string }>> };
  NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
}

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
const SHOTS = path.join('artifacts', 'screenshots', 'notifications');

const METRICS = 'e2e-notifications-metrics';

let model: FakeOpenAI;
let push: FakePushService;
let app: ServerProcess;

// The app's service worker shows the pushes (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test.beforeAll(async () => {
  model = await startFakeOpenAI();
  push = await startFakePushService();
  app = await startServerProcess({
    env: {
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake',
      LLM_API_KEY: 'sk-e2e',
      OUTBOUND_ALLOW: push.hostPort,
      // The notifier's "push held: quiet hours" line is the quiet-hours test's signal.
      LOG_LEVEL: 'info',
      METRICS_TOKEN: METRICS,
    },
  });
});
test.afterAll(async () => {
  await app?.stop();
  await push?.close();
  await model?.close();
});

/** The app's open Socket.IO connections (the operators' gauge): 0 once a closed tab's socket is gone. */
async function openSockets(): Promise<number> {
  const response = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS}` } });
  const line = (await response.text())
    .split('\n')
    .find((l) => l.startsWith('neura_sockets_connected{namespace="session"}'));
  return Number(line?.split(' ').at(-1) ?? Number.NaN);
}

/** The page's PushManager subscribes at the local push service (see above). */
async function localPushService(context: BrowserContext, json: unknown) {
  await context.addInitScript((subscriptionJson) => {
    let current: unknown = null;
    const make = () => ({
      endpoint: (subscriptionJson as { endpoint: string }).endpoint,
      toJSON: () => subscriptionJson,
      unsubscribe: async () => {
        current = null;
        return true;
      },
    });
    PushManager.prototype.subscribe = async () => {
      current = make();
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
  }, json);
}

for (const size of SIZES) {
  test(`should push a finished reply to a subscribed browser and show it from the service worker (${size.name})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000); // many steps, each slow on a loaded 2-core machine
    const user = await createSignedInUser({ credits: 40, password: null }, app.dataDir);
    const chat = await withSeed((target) => createTestChat(target, user.id, 'mindful-coach'), app.dataDir);
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      permissions: ['notifications'],
    });
    await signIn(context, user.token);
    const device = push.subscriber();
    await localPushService(context, device.json);

    const page = await context.newPage();
    await page.goto(`${app.url}/settings/notifications`);
    await expect(page.getByTestId('notifications-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/We only use it to tell you that a reply is ready/)).toBeVisible();
    await expect(page.getByTestId('notify-replies')).toBeChecked();
    await page.screenshot({ path: path.join(SHOTS, `settings-off-${size.name}.png`), fullPage: true });
    await page.getByTestId('push-enable').click();
    await expect(page.getByTestId('push-device')).toHaveAttribute('data-state', 'on');
    await page.screenshot({ path: path.join(SHOTS, `settings-on-${size.name}.png`), fullPage: true });

    // The subscription is stored on the server: a reply finished while no tab is open is pushed to it.
    model.setScript({ chunks: ['Breathe in slowly, ', 'then let it all go.'], holdAfter: 1 });
    await page.goto(`${app.url}/chats/${chat.id}`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Help me relax');
    // This test's own reply request (the fake model of this file also served the other size's).
    const streamed = () => model.requests.filter((r) => r.body.stream === true).length;
    const before = streamed();
    await box.press('Enter');
    await expect.poll(streamed).toBe(before + 1);
    // The model holds after its first words (a release before that would be spent on nothing).
    await expect(page.getByText('Breathe in slowly,')).toBeVisible();
    await page.close();
    // Nobody is looking once the server has seen the tab's socket close (on a loaded machine that
    // takes a while): only then does the reply end.
    await expect.poll(openSockets, { timeout: 30_000 }).toBe(0);
    model.release();
    await expect
      .poll(() => push.received.filter((p) => p.subscriber === device.id).length, { timeout: 30_000 })
      .toBe(1);
    const received = push.received.find((p) => p.subscriber === device.id);
    expect(received?.payload).toMatchObject({
      title: 'Mindful Coach',
      body: 'Breathe in slowly, then let it all go.',
      url: `/chats/${chat.id}`,
    });

    // The service worker's push handler shows it; a tap opens the chat.
    const opener = await context.newPage();
    await opener.goto(`${app.url}/settings`);
    // The payload goes to the app's service worker as the browser delivers a push (DevTools'
    // "Push": a trusted event, the worker started if it was stopped), and the notification it shows is read.
    const cdp = await context.newCDPSession(opener);
    const registrations = new Map<string, string>(); // registration id → scope, while not deleted
    const activated = new Set<string>(); // registration ids with an activated version
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      for (const r of event.registrations) {
        if (r.isDeleted) registrations.delete(r.registrationId);
        else registrations.set(r.registrationId, r.scopeURL);
      }
    });
    cdp.on('ServiceWorker.workerVersionUpdated', (event) => {
      for (const v of event.versions) if (v.status === 'activated') activated.add(v.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    // A push reaches only an activated worker (Chromium drops it while the first one still installs:
    // its precache is slow on a loaded machine).
    const registrationId = () => {
      for (const [id, scope] of registrations) if (scope.startsWith(app.url) && activated.has(id)) return id;
      return '';
    };
    await expect.poll(registrationId, { timeout: 30_000 }).not.toBe('');
    const deliver = () =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: app.url,
        registrationId: registrationId(),
        data: JSON.stringify(received?.payload),
      });
    await deliver();
    const notifications = async () => {
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      return worker.evaluate(async () => {
        const list = await (self as unknown as SwScope).registration.getNotifications();
        return list.map((n) => ({ title: n.title, body: n.body, data: n.data, icon: n.icon }));
      });
    };
    // Shown once Chromium has loaded its icon and badge: slow on a loaded machine. DevTools' delivery
    // is fire-and-forget (a worker that fails to start drops it), so it is repeated while none shows:
    // the notification's tag is the chat's, a second delivery replaces the first, never adds one.
    let polls = 0;
    await expect
      .poll(
        async () => {
          const count = (await notifications()).length;
          if (count === 0 && ++polls % 10 === 0) await deliver();
          return count;
        },
        { timeout: 60_000 },
      )
      .toBe(1);
    const shown = await notifications();
    expect(shown).toEqual([
      {
        title: 'Mindful Coach',
        body: 'Breathe in slowly, then let it all go.',
        data: { url: `/chats/${chat.id}` },
        icon: expect.stringContaining('/icons/icon-192.png'),
      },
    ]);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await worker.evaluate(async () => {
      const sw = self as unknown as SwScope;
      const [notification] = await sw.registration.getNotifications();
      if (notification) sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification }));
    });
    await expect(opener).toHaveURL(new RegExp(`/chats/${chat.id}$`));
    await context.close();
  });
}

/** The server's final word on a reply held by quiet hours (its log line for that chat), if said yet. */
function heldForQuietHours(chatId: string): boolean {
  return app
    .output()
    .split('\n')
    .some((line) => line.includes('push held: quiet hours') && line.includes(chatId));
}

test('should push nothing for a reply finished in quiet hours with no tab open', async ({ browser }) => {
  const user = await createSignedInUser({ credits: 40, password: null }, app.dataDir);
  const chat = await withSeed((target) => createTestChat(target, user.id, 'mindful-coach'), app.dataDir);
  const context = await browser.newContext({ permissions: ['notifications'], timezoneId: 'UTC' });
  await signIn(context, user.token);
  const device = push.subscriber();
  await localPushService(context, device.json);
  const page = await context.newPage();
  await page.goto(`${app.url}/settings/notifications`);
  await page.getByTestId('push-enable').click();
  await expect(page.getByTestId('push-device')).toHaveAttribute('data-state', 'on');

  // Quiet hours around now (UTC), from an hour ago to two hours ahead.
  const now = new Date();
  const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  const quietHours = { start: (minute + 1380) % 1440, end: (minute + 120) % 1440, timeZone: 'UTC' };
  const saved = await fetch(`${app.url}/api/users/me/notifications`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ quietHours }),
  });
  expect(saved.status).toBe(200);
  await page.reload();
  await expect(page.getByTestId('quiet-hours')).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'quiet-hours-on.png'), fullPage: true });

  model.setScript({ chunks: ['Rest now, ', 'we can talk tomorrow.'], holdAfter: 1 });
  await page.goto(`${app.url}/chats/${chat.id}`);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Good night');
  await box.press('Enter');
  await expect.poll(() => model.requests.some((r) => r.body.stream === true)).toBe(true);
  // The model holds after its first words: released before it got there, it would hold for good
  // (the fake's release() opens the hold waiting now). The request alone can come early: the model
  // is asked while the send is still being stored (issue #50).
  await expect(page.getByText('Rest now,')).toBeVisible();
  await page.close();
  model.release();
  // The server decided for this reply (its decision is final: a held push is never queued later).
  await expect.poll(() => heldForQuietHours(chat.id), { timeout: 30_000 }).toBe(true);
  expect(push.received.filter((p) => p.subscriber === device.id)).toEqual([]);
  expect(push.attempts.filter((a) => a.subscriber === device.id)).toEqual([]);
  await context.close();
});

/** The tab goes to the background and comes back (the person switched away while waiting). */
async function switchAwayAndBack(page: Page) {
  await page.evaluate(() => {
    const flip = (hidden: boolean) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => (hidden ? 'hidden' : 'visible'),
      });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    flip(true);
    flip(false);
  });
}

for (const size of SIZES) {
  test(`should offer notifications after the first long reply, and subscribe when accepted (${size.name})`, async ({
    browser,
  }) => {
    const user = await createSignedInUser({ credits: 40, password: null }, app.dataDir);
    const chat = await withSeed((target) => createTestChat(target, user.id, 'mindful-coach'), app.dataDir);
    // The browser has not been asked yet (permission "default"): the offer may come.
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    await signIn(context, user.token);
    const device = push.subscriber();
    await localPushService(context, device.json);
    const page = await context.newPage();
    await page.goto(`${app.url}/chats/${chat.id}`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await expect(box).toBeVisible();
    // Never on a visit: only after a reply the person waited for.
    await expect(page.getByTestId('push-offer')).toHaveCount(0);

    model.setScript({ chunks: ['Take your time, ', 'I will be here.'], holdAfter: 1 });
    await box.fill('Tell me something calm');
    await box.press('Enter');
    // In the message list (on desktop the sidebar's chat row previews the same words).
    const messages = page.getByTestId('message-list');
    await expect(messages.getByText('Take your time,')).toBeVisible();
    await switchAwayAndBack(page);
    model.release();
    await expect(messages.getByText('Take your time, I will be here.')).toBeVisible();
    const offer = page.getByTestId('push-offer');
    await expect(offer).toBeVisible();
    await expect(offer).toContainText(/reply/i);
    await page.screenshot({ path: path.join(SHOTS, `offer-${size.name}.png`), fullPage: true });

    // "Turn on": the browser's own question (granted here), then the subscription is stored.
    await context.grantPermissions(['notifications'], { origin: app.url });
    const stored = page.waitForResponse(
      (r) => r.url().endsWith('/api/users/me/push-subscriptions') && r.request().method() === 'POST',
    );
    await page.getByTestId('push-offer-accept').click();
    expect((await stored).ok()).toBe(true);
    await expect(offer).toHaveCount(0);
    const endpoints = await withSeed(
      (target) =>
        target.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', user.id).execute(),
      app.dataDir,
    );
    expect(endpoints).toEqual([{ endpoint: device.json.endpoint }]);
    await page.screenshot({ path: path.join(SHOTS, `offer-accepted-${size.name}.png`), fullPage: true });
    // Taken: not shown again (a reload does not bring it back).
    await page.reload();
    await expect(box).toBeVisible();
    await expect(offer).toHaveCount(0);
    await context.close();
  });
}
