import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommands } from '../src/admin/commands.js';

describe('POST {api}/feedback', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  const rows = () => t.db.selectFrom('feedback').selectAll().orderBy('created_at').orderBy('id').execute();

  it('should store anonymous feedback without a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: { type: 'feedback', about: 'helpDocs.DocChats' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true });
    const [row] = await rows();
    expect(row).toMatchObject({ type: 'feedback', about: 'helpDocs.DocChats', message: null, user_id: null });
  });

  it('should store the user and the trimmed message with a valid bearer token', async () => {
    const user = await t.seed.user();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { type: 'feedback', about: 'helpDocs.DocFaq', message: '  More about credits please.  ' },
    });
    expect(res.statusCode).toBe(201);
    const row = (await rows()).find((r) => r.about === 'helpDocs.DocFaq');
    expect(row).toMatchObject({ user_id: user.id, message: 'More about credits please.' });
  });

  it('should store feedback anonymously when the token is not valid', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { authorization: 'Bearer not-a-token' },
      payload: { type: 'feedback', about: 'helpDocs.DocPersonas' },
    });
    expect(res.statusCode).toBe(201);
    const row = (await rows()).find((r) => r.about === 'helpDocs.DocPersonas');
    expect(row?.user_id).toBeNull();
  });

  it.each([
    [{ type: 'feedback', about: 'somewhere.DocChats' }],
    [{ type: 'bug', about: 'helpDocs.DocChats' }],
    [{ type: 'feedback' }],
    [{ type: 'feedback', about: 'helpDocs.DocChats', message: 'x'.repeat(10_001) }],
  ])('should refuse %j with 400 and the error body', async (payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/feedback', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request:invalid');
  });

  it('should list feedback newest first in the admin CLI, with the sender', async () => {
    const command = adminCommands.find((c) => c.name === 'feedback list');
    if (!command) throw new Error('feedback list is not an admin command');
    const lines: string[] = [];
    const code = await command.run({
      admin: t.admin,
      args: [],
      options: { limit: '2' },
      out: (l) => lines.push(l),
      readFile: () => '',
    });
    expect(code).toBe(0);
    const text = lines.join('\n');
    expect(text).toContain('helpDocs.DocPersonas');
    expect(text).toContain('helpDocs.DocFaq');
    expect(text).toContain('More about credits please.');
    expect(text).not.toContain('helpDocs.DocChats');
  });
});
