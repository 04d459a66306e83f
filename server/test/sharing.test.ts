import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ShareCreated, SharedChat, ShareSummary } from '@neura/contract';
import { makeImage } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageRepository } from '../src/conversation/repository.js';
import { newId } from '../src/lib/ids.js';
import { nowIso } from '../src/lib/time.js';
import type { ChatExport } from '../src/sharing/export.js';

describe('shared chats and exports', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user: TestUser | null) =>
    t.app.inject({ method, url: `/api${url}`, headers: user ? { authorization: `Bearer ${user.token}` } : {} });

  /** A chat with a question, an older and a newer version of the answer (with a generated image), and a failed reply. */
  async function seedChat(user: TestUser) {
    const chat = await t.seed.chat(user.id, 'default', { name: 'Lighthouse ideas' });
    const image = await t.drive.files.saveResult(user.id, chat.id, {
      bytes: await makeImage(16, 16),
      mimeType: 'image/png',
      width: 16,
      height: 16,
    });
    const [question] = await t.seed.messages({ id: chat.id, userId: user.id }, [
      { role: 'user', content: 'Draw me a lighthouse' },
    ]);
    const repo = new MessageRepository(t.db);
    const reply = (content: string, extra: Record<string, unknown> = {}) => ({
      id: newId(),
      chat_id: chat.id,
      user_id: user.id,
      role: 'assistant' as const,
      content,
      parts: null,
      status: 'complete' as const,
      cost: 2,
      reply_to: question,
      created_at: nowIso(),
      updated_at: nowIso(),
      ...extra,
    });
    const old = reply('An old answer', { superseded: 1 });
    const parts = [
      { type: 'text', text: 'Here it is:' },
      {
        type: 'tool',
        id: 'call-1',
        skill: 'generate_image',
        status: 'complete',
        input: { prompt: 'a lighthouse' },
        output: { fileId: image.id, url: 'x', width: 16, height: 16, mimeType: 'image/png' },
      },
    ];
    const current = reply('Here it is:', { parts: JSON.stringify(parts), cost: 6 });
    await repo.insert(old);
    await repo.insert(current);
    return { chat, question: question as string, old, current, image };
  }

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.seed.user();
    bob = await t.seed.user();
  });
  afterAll(async () => {
    await t.stop();
  });

  describe('POST /users/me/chats/:id/share and GET /share/:id', () => {
    it('should answer a /share/<id> url whose snapshot anyone can read without signing in', async () => {
      const { chat, old, current, image } = await seedChat(alice);
      const res = await call('POST', `/users/me/chats/${chat.id}/share`, alice);
      expect(res.statusCode).toBe(201);
      const { id, url } = res.json() as ShareCreated;
      expect(url).toBe(`/share/${id}`);
      expect(id.length).toBeGreaterThanOrEqual(20);

      const read = await call('GET', `/share/${id}`, null);
      expect(read.statusCode).toBe(200);
      expect(read.headers['x-robots-tag']).toContain('noindex');
      const shared = read.json() as SharedChat;
      expect(shared.name).toBe('Lighthouse ideas');
      expect(shared.persona.id).toBe('default');
      expect(shared.persona.name).not.toBe('');
      expect(shared.messages.map((m) => m.content)).toEqual(['Draw me a lighthouse', 'Here it is:']);
      expect(shared.messages.map((m) => m.id)).not.toContain(old.id);
      expect(JSON.stringify(shared)).not.toContain('"cost"');

      // The generated image is served through the link, to anyone holding it.
      const tool = shared.messages[1]?.parts?.find((p) => p.type === 'tool');
      const fileUrl = (tool?.type === 'tool' ? (tool.output as { url: string }).url : '') ?? '';
      expect(fileUrl).toBe(`/api/share/${id}/files/${image.id}`);
      const file = await t.app.inject({ method: 'GET', url: fileUrl });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(current.id).toBeDefined();
    });

    it('should keep the snapshot of share time: later messages need a new link', async () => {
      const { chat } = await seedChat(alice);
      const { id } = (await call('POST', `/users/me/chats/${chat.id}/share`, alice)).json() as ShareCreated;
      await t.seed.messages({ id: chat.id, userId: alice.id }, [{ role: 'user', content: 'A later question' }]);
      const shared = (await call('GET', `/share/${id}`, null)).json() as SharedChat;
      expect(shared.messages.map((m) => m.content)).not.toContain('A later question');
      const again = (await call('POST', `/users/me/chats/${chat.id}/share`, alice)).json() as ShareCreated;
      const reshared = (await call('GET', `/share/${again.id}`, null)).json() as SharedChat;
      expect(reshared.messages.map((m) => m.content)).toContain('A later question');
    });

    it('should leave out a question whose reply failed, and show a continued reply as one answer', async () => {
      const chat = await t.seed.chat(alice.id, 'default', { name: 'Stories' });
      const [question, failed, , cut, prompt] = await t.seed.messages({ id: chat.id, userId: alice.id }, [
        { role: 'user', content: 'Will this fail?' },
        { role: 'assistant', content: '', status: 'failed' },
        { role: 'user', content: 'Tell me a story' },
        { role: 'assistant', content: 'Once upon a time there lived' },
        { role: 'user', content: 'Continue from where you stopped.' },
        { role: 'assistant', content: 'a fox.' },
      ]);
      await t.db
        .updateTable('messages')
        .set({ reply_to: question ?? '' })
        .where('id', '=', failed ?? '')
        .execute();
      await t.db
        .updateTable('messages')
        .set({ finish_reason: 'length' })
        .where('id', '=', cut ?? '')
        .execute();
      expect(prompt).toBeDefined();
      const { id } = (await call('POST', `/users/me/chats/${chat.id}/share`, alice)).json() as ShareCreated;
      const shared = (await call('GET', `/share/${id}`, null)).json() as SharedChat;
      expect(shared.messages.map((m) => m.content)).toEqual(['Tell me a story', 'Once upon a time there lived a fox.']);
    });

    it('should list the owner’s links and answer "This link was removed" once revoked', async () => {
      const { chat, image } = await seedChat(alice);
      const { id } = (await call('POST', `/users/me/chats/${chat.id}/share`, alice)).json() as ShareCreated;
      const list = (await call('GET', '/users/me/shares', alice)).json() as ShareSummary[];
      expect(list.find((s) => s.id === id)).toMatchObject({
        chatId: chat.id,
        chatName: 'Lighthouse ideas',
        url: `/share/${id}`,
      });
      expect(((await call('GET', '/users/me/shares', bob)).json() as ShareSummary[]).map((s) => s.id)).not.toContain(
        id,
      );

      // Someone else cannot revoke it.
      expect((await call('DELETE', `/users/me/shares/${id}`, bob)).statusCode).toBe(404);
      expect((await call('DELETE', `/share/${id}`, null)).statusCode).toBe(401);
      expect((await call('GET', `/share/${id}`, null)).statusCode).toBe(200);

      expect((await call('DELETE', `/users/me/shares/${id}`, alice)).statusCode).toBe(200);
      const gone = await call('GET', `/share/${id}`, null);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ message: 'This link was removed.', code: 'not-found' });
      expect((await call('GET', `/share/${id}/files/${image.id}`, null)).statusCode).toBe(404);
      expect(((await call('GET', '/users/me/shares', alice)).json() as ShareSummary[]).map((s) => s.id)).not.toContain(
        id,
      );
      expect((await call('DELETE', `/users/me/shares/${id}`, alice)).statusCode).toBe(404);
    });

    it('should revoke by DELETE /share/:id for the owner, and end links with their chat', async () => {
      const { chat } = await seedChat(alice);
      const a = (await call('POST', `/users/me/chats/${chat.id}/share`, alice)).json() as ShareCreated;
      const b = (await call('POST', `/users/me/chats/${chat.id}/share`, alice)).json() as ShareCreated;
      expect((await call('DELETE', `/share/${a.id}`, bob)).statusCode).toBe(404);
      expect((await call('DELETE', `/share/${a.id}`, alice)).statusCode).toBe(200);
      expect((await call('GET', `/share/${a.id}`, null)).statusCode).toBe(404);
      expect((await call('DELETE', `/users/me/chats/${chat.id}`, alice)).statusCode).toBe(200);
      expect((await call('GET', `/share/${b.id}`, null)).statusCode).toBe(404);
    });

    it('should serve only the files the snapshot shows, and 404 unknown links', async () => {
      const { chat } = await seedChat(alice);
      const other = await t.drive.files.saveResult(alice.id, chat.id, {
        bytes: await makeImage(8, 8),
        mimeType: 'image/png',
      });
      const { id } = (await call('POST', `/users/me/chats/${chat.id}/share`, alice)).json() as ShareCreated;
      expect((await call('GET', `/share/${id}/files/${other.id}`, null)).statusCode).toBe(404);
      expect((await call('GET', '/share/not-a-link', null)).statusCode).toBe(404);
      expect((await call('GET', `/share/${'x'.repeat(100)}`, null)).statusCode).toBe(404);
    });

    it('should answer 404 for another user’s chat and 401 without a token', async () => {
      const { chat } = await seedChat(alice);
      expect((await call('POST', `/users/me/chats/${chat.id}/share`, bob)).statusCode).toBe(404);
      expect((await call('POST', `/users/me/chats/${chat.id}/share`, null)).statusCode).toBe(401);
      expect((await call('POST', '/users/me/chats/unknown/share', alice)).statusCode).toBe(404);
    });
  });

  describe('GET /users/me/chats/:id/export', () => {
    it('should export JSON with every message, versions, tool calls with results and costs', async () => {
      const { chat, old, current, image } = await seedChat(alice);
      const res = await call('GET', `/users/me/chats/${chat.id}/export?format=json`, alice);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['content-disposition']).toBe('attachment; filename="lighthouse-ideas.json"');
      const data = JSON.parse(res.body) as ChatExport;
      expect(data.chat).toMatchObject({ id: chat.id, name: 'Lighthouse ideas' });
      expect(data.messages.map((m) => m.id)).toEqual(expect.arrayContaining([old.id, current.id]));
      expect(data.messages).toHaveLength(3);
      const reply = data.messages.find((m) => m.id === current.id);
      expect(reply?.versions).toEqual([old.id, current.id]);
      expect(data.messages.find((m) => m.id === old.id)?.superseded).toBe(true);
      const tool = reply?.parts?.find((p) => p.type === 'tool');
      expect(tool).toMatchObject({
        skill: 'generate_image',
        input: { prompt: 'a lighthouse' },
        output: { fileId: image.id },
      });
      expect(reply?.cost).toBe(6);
      expect(data.totalCost).toBe(8);
    });

    it('should export Markdown with every message, the tool call and its result', async () => {
      const { chat, old, current, question } = await seedChat(alice);
      const res = await call('GET', `/users/me/chats/${chat.id}/export?format=md`, alice);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/markdown');
      const md = res.body;
      expect(md.startsWith('# Lighthouse ideas\n')).toBe(true);
      for (const id of [question, old.id, current.id]) expect(md).toContain(`<!-- message ${id} -->`);
      expect(md).toContain('An old answer');
      expect(md).toContain('earlier version');
      expect(md).toContain('**Tool call: generate_image** (complete)');
      expect(md).toContain('"prompt": "a lighthouse"');
      // Words people read (issue #41 p3): plurals and times, not "1 credits" and ISO stamps.
      expect(md).toMatch(/· 3 messages · 8 credits\n/);
      expect(md).toMatch(/Exported [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/);
      expect(md).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    });

    it('should answer 404 for another user’s chat, 400 for an unknown format and 401 without a token', async () => {
      const { chat } = await seedChat(alice);
      expect((await call('GET', `/users/me/chats/${chat.id}/export?format=md`, bob)).statusCode).toBe(404);
      expect((await call('GET', `/users/me/chats/${chat.id}/export?format=pdf`, alice)).statusCode).toBe(400);
      expect((await call('GET', `/users/me/chats/${chat.id}/export`, null)).statusCode).toBe(401);
    });
  });
});

describe('the /share/<id> page', () => {
  it('should serve the app shell with X-Robots-Tag noindex', async () => {
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-web-'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><body></body></html>');
    const app = await startTestApp({ WEB_DIST_DIR: web });
    try {
      const page = await app.app.inject({ method: 'GET', url: '/share/abcdefghijklmnopqrstuv' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['x-robots-tag']).toContain('noindex');
      const other = await app.app.inject({ method: 'GET', url: '/settings' });
      expect(other.headers['x-robots-tag']).toBeUndefined();
    } finally {
      await app.stop();
      fs.rmSync(web, { recursive: true, force: true });
    }
  });
});
