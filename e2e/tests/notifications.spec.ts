import path from 'node:path';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { type FakePushService, startFakePushService } from '@neura/test-kit/fakes/web-push';
import { createTestChat } from '@neura/test-kit/seed';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { type BrowserContext, expect, test } from '@playwright/test';
import { createSignedInUser, signIn, withSeed } from '../support/session.js';

/**
 * Notifications (issue #48) in Chromium at both sizes: the permission is granted through
 * Playwright's `permissions`, the user turns notifications on in Settings › Notifications (the
 * permission asked only then, with a line saying why), the subscription is stored on the server;
 * the user sends a message and closes the tab, the server pushes the finished reply to the local
 * push service (VAPID checked, payload decrypted), and that payload dispatched to the app's
 * service worker shows the notification with the persona's name and the chat's URL; a tap opens it.
 *
 * Headless Chromium cannot reach a browser push service (its `pushManager.subscribe` answers
 * "Registration failed"), so the page's PushManager hands out a subscription at the local push
 * service with real keys; everything else is the app's own code.
 */
/** The service worker's global scope, as far as the test uses it (e2e has no WebWorker lib). */
interface SwScope {
  dispatchEvent(event: Event): boolean;
  registration: { getNotifications(): Promise<Array<{ title: string; body: string; data: unknown; icon: string }>> };
  PushEvent: new (type: string, init: { data: string }) => Event;
  NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
}

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
const SHOTS = path.join('artifacts', 'screenshots', 'notifications');

let model: FakeOpenAI;
let push: FakePushService;
let app: ServerProcess;

test.beforeAll(async () => {
  model = await startFakeOpenAI();
  push = await startFakePushService();
  app = await startServerProcess({
    env: { LLM_BASE_URL: model.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-e2e', OUTBOUND_ALLOW: push.hostPort },
  });
});
test.afterAll(async () => {
  await app?.stop();
  await push?.close();
  await model?.close();
});

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
    await expect(page.getByTestId('notifications-page')).toBeVisible();
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
    await box.press('Enter');
    await expect.poll(() => model.requests.some((r) => r.body.stream === true)).toBe(true);
    await page.close();
    await new Promise((r) => setTimeout(r, 500)); // the socket's close reaches the server
    model.release();
    await expect.poll(() => push.received.filter((p) => p.subscriber === device.id).length).toBe(1);
    const received = push.received.find((p) => p.subscriber === device.id);
    expect(received?.payload).toMatchObject({
      title: 'Mindful Coach',
      body: 'Breathe in slowly, then let it all go.',
      url: `/chats/${chat.id}`,
    });

    // The service worker's push handler shows it; a tap opens the chat.
    const opener = await context.newPage();
    await opener.goto(`${app.url}/settings`);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const shown = await worker.evaluate(async (payload) => {
      const sw = self as unknown as SwScope;
      sw.dispatchEvent(new sw.PushEvent('push', { data: JSON.stringify(payload) }));
      for (let i = 0; i < 50; i++) {
        const list = await sw.registration.getNotifications();
        if (list.length > 0) return list.map((n) => ({ title: n.title, body: n.body, data: n.data, icon: n.icon }));
        await new Promise((r) => setTimeout(r, 100));
      }
      return [];
    }, received?.payload);
    expect(shown).toEqual([
      {
        title: 'Mindful Coach',
        body: 'Breathe in slowly, then let it all go.',
        data: { url: `/chats/${chat.id}` },
        icon: expect.stringContaining('/icons/icon-192.png'),
      },
    ]);
    await worker.evaluate(async () => {
      const sw = self as unknown as SwScope;
      const [notification] = await sw.registration.getNotifications();
      if (notification) sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification }));
    });
    await expect(opener).toHaveURL(new RegExp(`/chats/${chat.id}$`));
    await context.close();
  });
}
