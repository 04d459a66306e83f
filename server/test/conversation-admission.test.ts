import { type FakeOpenAI, type FakeRequest, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AckBody, connected, deltasOf, doneFor, type Recorded, record, stop } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';
import { statementHold } from './helpers/statement-hold.js';

/**
 * What a new chat's first message reads before its reply (issue #50: the path from a send to the
 * model's request): the statements the app runs, counted through the test app's query log.
 */
describe('a new chat’s first message', () => {
  let t: TestApp;
  let model: FakeOpenAI;
  const { statements, hold, onStatement } = statementHold();
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    model = await startFakeOpenAI({ chunks: ['Ahoy.'] });
    t = await startTestApp({ LLM_BASE_URL: model.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' }, { onStatement });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await model.close();
  });

  /** The events of the last socket `open` connected. */
  let events: Recorded[] = [];
  async function open(user: TestUser): Promise<TestSocket> {
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    events = record(await connected(socket));
    return socket;
  }
  /** createChatWithMessage: its ack, once answered. */
  async function emitFirst(user: TestUser | TestSocket, text: string): Promise<AckBody & { chatId?: string }> {
    const socket = 'token' in user ? await open(user) : user;
    return new Promise((resolve) =>
      socket.emit('createChatWithMessage', { persona: 'pirate-storyteller', text }, (r) => resolve(r as AckBody)),
    );
  }

  /** createChatWithMessage until its reply is done: the statements it ran and the model's request. */
  async function firstMessage(user: TestUser, text: string): Promise<{ sql: string[]; request: FakeRequest }> {
    const socket = await open(user);
    const from = statements.length;
    const requests = model.requests.length;
    const ack = await emitFirst(socket, text);
    if (!ack.chatId) throw new Error(`send refused: ${JSON.stringify(ack)}`);
    await doneFor(events, ack.chatId);
    const request = model.requests.slice(requests).find((r) => r.body.stream === true);
    if (!request) throw new Error('no model request');
    return { sql: statements.slice(from).map((s) => s.replace(/\s+/g, ' ').trim().toLowerCase()), request };
  }

  /** Whether the model is asked for a reply to `text` within 5 s. */
  async function askedFor(text: string): Promise<boolean> {
    const deadline = Date.now() + 5000;
    const asked = () => model.requests.some((r) => r.body.stream === true && r.body.messages.at(-1)?.content === text);
    while (!asked() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    return asked();
  }
  const balance = async (userId: string) => (await t.read.user(userId))?.credits;
  /** A statement by what it does (the send's path), else its text. */
  const label = (sql: string) => {
    const s = sql.replace(/\s+/g, ' ').trim().toLowerCase();
    const known: Array<[RegExp, string]> = [
      [/^select .* from "users" where "id" = /, 'user'],
      [/^select .* from "personas"/, 'persona'],
      // On PostgreSQL a new chat is inserted in its messages' statement (a CTE ahead of them).
      [/^(with "new_chat" as \()?insert into "chats"/, 'chat'],
      [/"memory_settings"/, 'memory settings'],
      [/^begin/, 'begin'],
      // On PostgreSQL a user's later paid send: the charge and the send's rows in one statement.
      [/^with "debit" as \(update "users" set "credits"/, 'charge and rows'],
      [/^update "users" set "credits"/, 'debit'],
      [/^insert into spending_limits/, 'limits'],
      [/^insert into "credit_ledger"/, 'ledger'],
    ];
    return known.find(([pattern]) => pattern.test(s))?.[1] ?? s;
  };
  const system = (request: FakeRequest) => String(request.body.messages[0]?.content ?? '');
  /** Reads of memory items (not the settings' "any item kept?", which asks inside the settings' read). */
  const itemReads = (sql: string[]) =>
    sql.filter((s) => /^(select|with)/.test(s) && s.includes('memory_items') && !s.includes('memory_settings'));

  it('should read neither the chat nor its persona back, nor memory items, nor documents when the user keeps none', async () => {
    const user = await t.seed.user({ credits: 50 });
    const { sql, request } = await firstMessage(user, 'Tell me of the sea');

    // The model's context is the message just sent; the memory section is there (its tools too).
    expect(request.body.messages.at(-1)).toMatchObject({ role: 'user', content: 'Tell me of the sea' });
    expect(system(request)).toContain('(nothing remembered yet)');
    expect(sql.filter((s) => s.startsWith('select') && /from "(messages|chats)"/.test(s))).toEqual([]);
    // The persona is read once, as the chat is made (the send checks that row).
    expect(sql.filter((s) => s.startsWith('select') && s.includes('from "personas"'))).toHaveLength(1);
    expect(itemReads(sql)).toEqual([]);
    expect(sql.filter((s) => s.includes('"knowledge"') || s.includes('from "documents"'))).toEqual([]);
    // The charge reads the spending limits' time zone with the debit, not by a statement of its own.
    expect(sql.filter((s) => s.startsWith('select') && s.includes('from "spending_limits"'))).toEqual([]);
    expect(sql.filter((s) => s.startsWith('update "users" set "credits"'))).toHaveLength(1);
    // The chat and its two rows: one statement on PostgreSQL (the chat's insert a CTE of the
    // messages'), two on SQLite (in process: no write to a server to save).
    const stores = sql.filter((s) => /insert into "(chats|messages)"/.test(s));
    expect(stores).toHaveLength(t.config.database.kind === 'postgres' ? 1 : 2);
  });

  it('should read the sender while the chat is made, and the memory settings beside the charge', async () => {
    const user = await t.seed.user({ credits: 50 });
    const { sql, request } = await firstMessage(user, 'Tell me of the harbour');

    const first = (pattern: RegExp) => sql.findIndex((s) => pattern.test(s));
    const userRead = first(/^select .* from "users" where "id" = /);
    const chatInsert = first(/^(with "new_chat" as \()?insert into "chats"/);
    const settingsRead = first(/^select .*"memory_settings"/);
    const messagesInsert = first(/insert into "messages"/);
    expect([userRead, chatInsert, settingsRead, messagesInsert].every((i) => i >= 0)).toBe(true);
    // Neither read waits for the write before it (a round trip each less on PostgreSQL). The log is
    // in the order statements end: on SQLite's one connection that is the order they were asked in;
    // on PostgreSQL's pool a read asked first may end after a write on another connection.
    if (t.config.database.kind === 'sqlite') {
      expect(userRead).toBeLessThan(chatInsert);
      expect(settingsRead).toBeLessThan(messagesInsert);
    }
    // The sender is read once, and the reply still carries the memory section.
    expect(sql.filter((s) => /^select .* from "users" where "id" = /.test(s))).toHaveLength(1);
    expect(system(request)).toContain('(nothing remembered yet)');
  });

  it('should still read and carry the items of a user who keeps some', async () => {
    const user = await t.seed.user({ credits: 50 });
    await t.drive.memory.add(user.id, { text: 'Sails a red sloop.' });
    const { sql, request } = await firstMessage(user, 'Tell me of the sea again');

    expect(system(request)).toContain('Sails a red sloop.');
    expect(itemReads(sql)).toHaveLength(1);
  });

  it('should ask the model once the charge has passed, and send nothing of its answer before the send commits', async () => {
    const user = await t.seed.user({ credits: 50 });
    const text = 'Tell me of the reef';
    const socket = await open(user);
    const from = statements.length;
    let beforeAsk: string[] = [];
    let askedWhileHeld = false;
    let deltasWhileHeld = -1;
    // The charge's ledger row is its first write once the balance and the limits have passed:
    // held there, the rest of the send's transaction (its messages, the preview, the commit) waits.
    hold({
      pattern: /^insert into "credit_ledger"/,
      until: async () => {
        beforeAsk = statements.slice(from);
        askedWhileHeld = await askedFor(text);
        // The model's answer has time to arrive: none of it may reach the user yet.
        await new Promise((r) => setTimeout(r, 100));
        deltasWhileHeld = events.filter((r) => r.event === 'message.delta').length;
      },
    });
    const ack = await emitFirst(socket, text);
    await doneFor(events, ack.chatId as string);

    expect(askedWhileHeld).toBe(true);
    expect(deltasWhileHeld).toBe(0);
    // What runs before the model is asked (SQLite's log is in the order asked; see above). On
    // PostgreSQL that is 4 round trips one after another: the sender ∥ the persona, the memory
    // settings ∥ begin, the debit, the limits (9 before issue #50's early ask: the chat, the ledger
    // row, the messages, the preview and the commit came first too; the chat is now stored after
    // the charge, in the send's transaction).
    if (t.config.database.kind === 'sqlite') {
      expect(beforeAsk.map(label)).toEqual([
        'user',
        'persona',
        'memory settings',
        'begin',
        'debit',
        'limits',
        'ledger',
      ]);
    }
    // The chat is stored in the send's transaction, after the charge, with its preview: the one
    // preview written after it is the reply's, once it has ended (the title may come later).
    // (The reply's preview is written once its message.done is out: waited for, not assumed.)
    const previews = () => statements.slice(from).filter((s) => /^update "chats" set "preview"/i.test(s.trim()));
    await expect.poll(previews).toHaveLength(1);
    const sent = statements.slice(from).map(label);
    expect(sent.indexOf('chat')).toBeGreaterThan(sent.indexOf('ledger'));
    expect(previews()).toHaveLength(1);
    // Once committed, the answer streams as always, charged once.
    expect(events.find((r) => r.event === 'message.done')?.payload.message.content).toBe('Ahoy.');
    const charges = (await t.read.ledger(user.id)).filter((row) => row.amount < 0);
    expect(charges).toHaveLength(1);
    expect(await balance(user.id)).toBe(50 + (charges[0]?.amount ?? 0));
  });

  it('should hold the balance row only from the debit to the commit while another send of the user is being stored', async () => {
    const user = await t.seed.user({ credits: 50 });
    const socket = await open(user);
    const from = statements.length;
    let second: Promise<AckBody & { chatId?: string }> | undefined;
    // The first send is held inside its transaction, its balance row taken: the second comes now.
    hold({
      pattern: /^insert into "credit_ledger"/,
      until: async () => {
        second = emitFirst(socket, 'Tell me of the second ship');
        // PostgreSQL: until the second send's rows are written (at most 5 s). SQLite's one
        // connection runs nothing of it meanwhile: a moment only.
        const deadline = Date.now() + (t.config.database.kind === 'postgres' ? 5000 : 100);
        const written = () => statements.slice(from).some((s) => /insert into "messages"/i.test(s));
        while (!written() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      },
    });
    const first = await emitFirst(socket, 'Tell me of the first ship');
    const acks = [first, await (second as Promise<AckBody & { chatId?: string }>)];
    for (const ack of acks) await doneFor(events, ack.chatId as string);

    const order = statements
      .slice(from)
      .map((s) => {
        const kind = label(s);
        if (kind === 'debit' || kind === 'charge and rows') return kind;
        return /insert into "messages"/i.test(s) ? 'messages' : '';
      })
      .filter(Boolean);
    // PostgreSQL: the user's first send here is stored apart (its charge learns the limits' time
    // zone), the second in one statement, run while the first holds the balance row: it waits for
    // the first's commit and holds the row until its own, one round trip later. SQLite's one
    // connection runs the second send's setup only once the first has committed: it is stored
    // alone, charge first.
    const overlapped = t.config.database.kind === 'postgres';
    expect(order.slice(0, 4)).toEqual(
      overlapped ? ['debit', 'messages', 'charge and rows'] : ['debit', 'messages', 'debit', 'messages'],
    );
    const charges = (await t.read.ledger(user.id)).filter((row) => row.amount < 0);
    expect(charges).toHaveLength(2);
    expect(await balance(user.id)).toBe(50 + charges.reduce((sum, row) => sum + row.amount, 0));
    expect(await t.read.chats(user.id)).toHaveLength(2);
  });

  it('should abort the model’s request and keep nothing when the send fails after its charge has passed', async () => {
    const user = await t.seed.user({ credits: 50 });
    const text = 'Tell me of the wreck';
    const abandoned = model.abandoned();
    // The answer waits (a slow model): only an abort ends its request early.
    model.setScript({ chunks: ['Ahoy.'], holdAfter: 0 });
    let askedWhileHeld = false;
    hold({
      pattern: /insert into "messages"/i,
      until: async () => {
        askedWhileHeld = await askedFor(text);
        throw new Error('the database went away');
      },
    });
    try {
      const ack = await emitFirst(user, text);

      expect(askedWhileHeld).toBe(true);
      expect(ack.error?.code).toBe('internal');
      await expect.poll(() => model.abandoned()).toBe(abandoned + 1);
      // Nothing of the reply reached the user, nothing was charged or kept, the chat is gone again.
      expect(events.filter((r) => r.event.startsWith('message.'))).toEqual([]);
      expect(await balance(user.id)).toBe(50);
      expect(await t.read.ledger(user.id)).toEqual([]);
      expect(await t.read.chats(user.id)).toEqual([]);
    } finally {
      model.setScript({ chunks: ['Ahoy.'] });
      model.release();
    }
  });

  it('should keep what the model sent before its connection was cut while the send was committing', async () => {
    const user = await t.seed.user({ credits: 50 });
    const text = 'Tell me of the tide';
    model.setScript({ chunks: ['Partial', ' answer', ' lost'], failAfter: 2 });
    hold({
      pattern: /^insert into "credit_ledger"/,
      until: async () => {
        await askedFor(text);
        // The answer and the cut arrive while the send is still being stored.
        await new Promise((r) => setTimeout(r, 200));
      },
    });
    try {
      const ack = await emitFirst(user, text);
      const end = await doneFor(events, ack.chatId as string);

      expect(end.event).toBe('message.error');
      expect(deltasOf(events, end.payload.messageId)).toBe('Partial answer');
      const row = await t.db
        .selectFrom('messages')
        .select(['status', 'content'])
        .where('id', '=', end.payload.messageId)
        .executeTakeFirst();
      expect(row).toEqual({ status: 'failed', content: 'Partial answer' });
      expect(await balance(user.id)).toBe(50);
    } finally {
      model.setScript({ chunks: ['Ahoy.'] });
    }
  });

  it('should end a reply stopped while its send commits as stopped, and give its charge back', async () => {
    // A chat the user has (a new one is not known to any device before its send commits).
    const user = await t.seed.user({ credits: 50 });
    const chat = await t.seed.chat(user.id, 'pirate-storyteller');
    const text = 'Tell me of the storm';
    model.setScript({ chunks: ['Ahoy.'], holdAfter: 0 });
    const socket = await open(user);
    hold({
      pattern: /^insert into "credit_ledger"/,
      until: async () => {
        await askedFor(text);
        // On PostgreSQL the Stop lands inside the window; SQLite's one connection answers it once
        // the send has committed (the Stop reads the chat): either way the reply ends stopped.
        void stop(socket, chat.id);
        await new Promise((r) => setTimeout(r, 200));
      },
    });
    try {
      const ack = await new Promise<AckBody>((resolve) =>
        socket.emit('sendMessage', { chatId: chat.id, text }, (r) => resolve(r as AckBody)),
      );
      expect(ack.error).toBeUndefined();
      const end = await doneFor(events, chat.id);

      expect(end.event).toBe('message.done');
      expect(end.payload.message.status).toBe('stopped');
      expect(events.filter((r) => r.event === 'message.delta')).toEqual([]);
      // Nothing delivered: the charge goes back.
      expect(await balance(user.id)).toBe(50);
      expect((await t.read.ledger(user.id)).map((row) => row.reason).sort()).toEqual(['message', 'refund:stopped']);
    } finally {
      model.setScript({ chunks: ['Ahoy.'] });
      model.release();
    }
  });

  it('should not ask the model for a user whose balance or spending limit refuses the charge', async () => {
    const streams = () => model.requests.filter((r) => r.body.stream === true).length;
    const requests = streams();
    const broke = await t.seed.user({ credits: 0 });
    expect((await emitFirst(broke, 'Tell me of gold')).error?.code).toBe('credits:insufficient');
    const limited = await t.seed.user({ credits: 50 });
    const limits = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/limits',
      headers: { authorization: `Bearer ${limited.token}` },
      payload: { dailyCredits: 1 },
    });
    expect(limits.statusCode).toBe(200);
    await t.drive.credits.charge(limited.id, 1, `limit-${limited.id}`);
    expect((await emitFirst(limited, 'Tell me of silver')).error?.code).toBe('credits:limit');

    await new Promise((r) => setTimeout(r, 100));
    expect(streams()).toBe(requests);
  });
});
