import { type FakePushService, startFakePushService } from '@neura/test-kit/fakes/web-push';
import { startTestCluster, type TestCluster } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webPush } from '../src/notifications/web-push.js';
import { describeWithServices } from './helpers/services-env.js';
import { connectSocket, nextEvent, type TestSocket } from './helpers/socket.js';

// Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set; REQUIRE_SERVICES=1 makes their absence a failure.
describeWithServices('notifications across two processes (PostgreSQL + Redis)', () => {
  let cluster: TestCluster;
  let push: FakePushService;
  const sockets: TestSocket[] = [];
  const vapid = webPush().generateVAPIDKeys();

  beforeAll(async () => {
    push = await startFakePushService();
    cluster = await startTestCluster(2, {
      OUTBOUND_ALLOW: push.hostPort,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.stop();
    await push?.close();
  });

  it('should push nothing while the user has a socket on the other process, and push once it is gone', async () => {
    const [one, two] = cluster.apps;
    if (!one || !two) throw new Error('cluster did not start');
    const user = await one.seed.user();
    const chat = await one.seed.chat(user.id, 'mindful-coach');
    const device = push.subscriber();
    const res = await one.app.inject({
      method: 'POST',
      url: '/api/users/me/push-subscriptions',
      headers: { authorization: `Bearer ${user.token}` },
      payload: device.json,
    });
    expect(res.statusCode).toBe(201);
    const finished = (messageId: string) =>
      one.drive.notifier.replyFinished({
        userId: user.id,
        chatId: chat.id,
        messageId,
        personaId: 'mindful-coach',
        text: 'Done.',
      });

    const socket = connectSocket(two.url, user.token);
    sockets.push(socket);
    await nextEvent(socket, 'ready');
    expect(await finished('m-watched')).toBe(0);

    // Hidden on the other process for longer than PUSH_HIDDEN_SECONDS (60 s by default).
    await socket.emitWithAck('visibility', { hidden: true });
    expect(
      await one.drive.notifier.replyFinished(
        { userId: user.id, chatId: chat.id, messageId: 'm-hidden', personaId: 'mindful-coach', text: 'Done.' },
        Date.now() + 61_000,
      ),
    ).toBe(1);

    socket.close();
    const deadline = Date.now() + 10_000;
    while ((await one.drive.realtime.presence(user.id)).length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await finished('m-away')).toBe(1);
    while (push.received.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(push.received.map((p) => p.payload.messageId).sort()).toEqual(['m-away', 'm-hidden']);
    expect(push.received.every((p) => p.vapidKey === vapid.publicKey)).toBe(true);
  });
});
