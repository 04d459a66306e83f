import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/db/database.js';
import { newId } from '../src/lib/ids.js';
import { nowIso } from '../src/lib/time.js';
import { connected, record, waitFor } from './helpers/conversation.js';
import { connectSocket, nextEvent, type TestSocket } from './helpers/socket.js';

/** News (balances, chat previews) reaches devices only once the transaction that made it commits. */
describe('news after commit', () => {
  let t: TestApp;
  const sockets: TestSocket[] = [];
  const open = async (token: string) => {
    const socket = await connected(connectSocket(t.url, token));
    sockets.push(socket);
    return socket;
  };
  const balance = async (userId: string) => (await t.read.user(userId))?.credits;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.stop();
  });

  it('should tell devices nothing of a charge and a preview whose transaction rolled back (a charge that fails)', async () => {
    const { credits, chatService } = t.drive;
    const { db } = t;
    const user = await t.seed.user({ credits: 10 });
    const chat = await t.seed.chat(user.id);
    const seen = record(await open(user.token));
    const replyId = newId();

    await expect(
      inTransaction(db, async (trx) => {
        await credits.chargeInTransaction(trx, user.id, 2, replyId);
        await chatService.recordActivityIn(trx, user.id, chat.id, 'never sent', nowIso());
        // The same reply charged twice fails, and the whole transaction with it.
        await credits.chargeInTransaction(trx, user.id, 2, replyId);
      }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await balance(user.id)).toBe(10);

    // A socket delivers in order: the next committed change is the first news the device hears.
    const marker = nextEvent(sockets.at(-1) as TestSocket, 'updateCredits');
    await credits.grant({ userId: user.id, amount: 5, reason: 'test', key: `test:${newId()}` });
    expect(await marker).toEqual({ credits: 15 });
    expect(seen).toEqual([{ event: 'updateCredits', payload: { credits: 15 } }]);
  });

  it('should tell devices once the outermost transaction commits, not when a service writes inside it', async () => {
    const { credits, chatService, realtime } = t.drive;
    const { db } = t;
    const user = await t.seed.user({ credits: 10 });
    const chat = await t.seed.chat(user.id);
    const seen = record(await open(user.token));
    const at = nowIso();

    await inTransaction(db, async (trx) => {
      await credits.chargeInTransaction(trx, user.id, 2, newId());
      await chatService.recordActivityIn(trx, user.id, chat.id, 'Hello there', at);
      await credits.chargeInTransaction(trx, user.id, 3, newId());
      // Sent straight to the room now: it overtakes whatever the writes above have queued.
      realtime.toUser(user.id).emit('chat.deleted', { chatId: 'probe' });
    });

    await waitFor(seen, (r) => r.event === 'updateCredits');
    // The balance comes last and once, with the transaction's final balance: what a charge paid
    // for reaches devices before the balance, whatever the order of the writes.
    expect(seen).toEqual([
      { event: 'chat.deleted', payload: { chatId: 'probe' } },
      {
        event: 'chat.updated',
        payload: { chatId: chat.id, updatedFields: { preview: 'Hello there', lastMessageAt: at } },
      },
      { event: 'updateCredits', payload: { credits: 5 } },
    ]);
  });
});
