import type { SearchResponse } from '@neura/contract';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageRepository } from '../src/conversation/repository.js';
import { newId } from '../src/lib/ids.js';
import { nowIso } from '../src/lib/time.js';

describe('GET /users/me/search', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let messages: MessageRepository;

  const search = async (user: TestUser | null, q: string, extra = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/me/search?q=${encodeURIComponent(q)}${extra}`,
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
    });
    return { status: res.statusCode, body: res.json() as SearchResponse & { code?: string; message?: string } };
  };
  const ids = (body: SearchResponse) => body.items.map((i) => i.messageId).sort();

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.seed.user();
    bob = await t.seed.user();
    messages = new MessageRepository(t.db);
  });
  afterAll(async () => {
    await t.stop();
  });

  it('should find a word in a message with its chat, a snippet and the highlighted range', async () => {
    const chat = await t.seed.chat(alice.id, 'default', { name: 'Trip plans' });
    const [, reply] = await t.seed.messages({ id: chat.id, userId: alice.id }, [
      { role: 'user', content: 'Where should I go in spring?' },
      { role: 'assistant', content: 'Kyoto is lovely when the cherry blossoms open in early April.' },
    ]);
    const { status, body } = await search(alice, 'blossoms');
    expect(status).toBe(200);
    expect(body.items).toHaveLength(1);
    const hit = body.items[0];
    expect(hit).toMatchObject({ chatId: chat.id, messageId: reply, role: 'assistant', chatName: 'Trip plans' });
    expect(hit?.archived).toBe(false);
    const [start, end] = hit?.highlights[0] ?? [0, 0];
    expect(hit?.snippet.slice(start, end).toLowerCase()).toBe('blossoms');
    expect(body.nextOffset).toBeNull();
  });

  it('should match phrases, prefixes and stemmed forms, and leave out -words', async () => {
    const chat = await t.seed.chat(alice.id);
    const [a, b] = await t.seed.messages({ id: chat.id, userId: alice.id }, [
      { role: 'user', content: 'The quantum harmonica plays softly' },
      { role: 'user', content: 'A harmonica that is not quantum at all, and quite loud' },
    ]);
    expect(ids((await search(alice, '"quantum harmonica"')).body)).toEqual([a]);
    expect(ids((await search(alice, 'harmon*')).body)).toEqual([a, b].sort());
    expect(ids((await search(alice, 'harmonicas')).body)).toEqual([a, b].sort());
    expect(ids((await search(alice, 'harmonica -loud')).body)).toEqual([a]);
    expect(ids((await search(alice, 'quant* -softly')).body)).toEqual([b]);
  });

  it('should never find another user’s messages', async () => {
    const chat = await t.seed.chat(bob.id);
    await t.seed.messages({ id: chat.id, userId: bob.id }, [{ role: 'user', content: 'zeppelin secret' }]);
    expect((await search(alice, 'zeppelin')).body.items).toEqual([]);
    expect((await search(bob, 'zeppelin')).body.items).toHaveLength(1);
  });

  it('should follow edits, new versions and deletions', async () => {
    const chat = await t.seed.chat(alice.id);
    const [question] = await t.seed.messages({ id: chat.id, userId: alice.id }, [
      { role: 'user', content: 'tell me about aardvarks' },
    ]);
    expect(ids((await search(alice, 'aardvarks')).body)).toEqual([question]);
    await messages.editUserMessage(question as string, 'tell me about pangolins', nowIso());
    expect((await search(alice, 'aardvarks')).body.items).toEqual([]);
    expect(ids((await search(alice, 'pangolins')).body)).toEqual([question]);

    // A reply is searchable once it finished streaming (not while its text is still changing).
    const reply = newId();
    await messages.insert({
      id: reply,
      chat_id: chat.id,
      user_id: alice.id,
      role: 'assistant',
      content: '',
      parts: null,
      status: 'streaming',
      reply_to: question,
      created_at: nowIso(),
      updated_at: nowIso(),
    });
    await messages.saveProgress(reply, 'Pangolins have scales made of keratin');
    expect(ids((await search(alice, 'keratin')).body)).toEqual([]);
    await messages.finishReply(reply, { content: 'Pangolins have scales made of keratin', status: 'complete' });
    expect(ids((await search(alice, 'keratin')).body)).toEqual([reply]);
    // An older version stays findable, marked.
    await messages.supersedeReplies(question as string);
    const old = (await search(alice, 'keratin')).body.items[0];
    expect(old?.superseded).toBe(true);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/me/chats/${chat.id}`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(del.statusCode).toBe(200);
    expect((await search(alice, 'keratin')).body.items).toEqual([]);
    expect((await search(alice, 'pangolins')).body.items).toEqual([]);
  });

  it('should include archived chats, marked', async () => {
    const chat = await t.seed.chat(alice.id);
    await t.seed.messages({ id: chat.id, userId: alice.id }, [{ role: 'user', content: 'marmalade recipe' }]);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/me/chats/${chat.id}`,
      headers: { authorization: `Bearer ${alice.token}` },
      payload: { isArchived: true },
    });
    expect(patch.statusCode).toBe(200);
    const { body } = await search(alice, 'marmalade');
    expect(body.items).toHaveLength(1);
    expect(body.items[0]?.archived).toBe(true);
  });

  it('should rank the better match first and page the results', async () => {
    const chat = await t.seed.chat(alice.id);
    const seeded = await t.seed.messages({ id: chat.id, userId: alice.id }, [
      ...Array.from({ length: 5 }, (_, i) => ({
        role: 'user' as const,
        content: `walrus number ${i} and many other words around it`,
      })),
      { role: 'user' as const, content: 'walrus walrus walrus' },
    ]);
    const first = await search(alice, 'walrus', '&limit=4');
    expect(first.body.items).toHaveLength(4);
    expect(first.body.items[0]?.messageId).toBe(seeded[5]);
    expect(first.body.nextOffset).toBe(4);
    const second = await search(alice, 'walrus', '&limit=4&offset=4');
    expect(second.body.items).toHaveLength(2);
    expect(second.body.nextOffset).toBeNull();
    const all = [...first.body.items, ...second.body.items].map((i) => i.messageId).sort();
    expect(all).toEqual([...seeded].sort());
  });

  it('should treat engine syntax in the query as plain words', async () => {
    for (const q of [
      'NEAR(a b)',
      'a OR b AND',
      '"unclosed',
      "it's",
      '*',
      '(((',
      'col:umn',
      "'; DROP TABLE messages; --",
      '!&|<->',
    ])
      expect((await search(alice, q)).status).toBe(200);
  });

  it('should answer 400 to an empty or too long query and 401 without a token', async () => {
    expect((await search(alice, '')).status).toBe(400);
    expect((await search(alice, 'x'.repeat(201))).status).toBe(400);
    const anon = await search(null, 'anything');
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBeDefined();
  });
});
