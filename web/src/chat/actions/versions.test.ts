import type { Message } from '@neura/contract';
import { describe, expect, it } from 'vitest';
import { testMessage as msg } from '../../test/message';
import { lastIds, threadRows } from './versions';

describe('threadRows', () => {
  const history = [
    msg('01', { role: 'user' }),
    msg('02', { replyTo: '01', superseded: true, status: 'failed' }),
    msg('03', { replyTo: '01' }),
    msg('04', { role: 'user' }),
    msg('05', { replyTo: '04' }),
  ];

  it('should collapse the versions of a reply into one row showing the current one', () => {
    const rows = threadRows(history, {});
    expect(rows.map((r) => r.message.id)).toEqual(['01', '03', '04', '05']);
    expect(rows[1]?.version).toMatchObject({ index: 2, count: 2, ids: ['02', '03'] });
    expect(rows[3]?.version).toBeUndefined();
  });

  it('should show the version the user switched to, until a newer version arrives', () => {
    const chosen = { [threadRows(history, {})[1]?.version?.key as string]: '02' };
    expect(threadRows(history, chosen)[1]).toMatchObject({ message: { id: '02' }, version: { index: 1, count: 2 } });
    const withThird = [...history.slice(0, 3), msg('03b', { replyTo: '01' }), ...history.slice(3)];
    const rows = threadRows(
      withThird.map((m) => (m.id === '03' ? { ...m, superseded: true } : m)),
      chosen,
    );
    expect(rows[1]).toMatchObject({ message: { id: '03b' }, version: { index: 3, count: 3 } });
  });

  it('should name the newest reply and the newest user message as the ones actions apply to', () => {
    expect(lastIds(threadRows(history, {}))).toEqual({ reply: '05', user: '04' });
    expect(lastIds(threadRows(history.slice(0, 4), {}))).toEqual({ reply: undefined, user: '04' });
    // Looking at an old version of the last reply: nothing to regenerate from there.
    const twoVersions = history.slice(0, 3);
    const key = threadRows(twoVersions, {})[1]?.version?.key as string;
    expect(lastIds(threadRows(twoVersions, { [key]: '02' }))).toEqual({ reply: undefined, user: '01' });
  });
});

describe('threadRows after an edit', () => {
  const base = { chatId: 'c', createdAt: '2026-01-01T00:00:00Z', cost: 0, status: 'complete' as const };
  const question: Message = { ...base, id: 'u1', role: 'user', content: 'New text', editedAt: '2026-01-02T00:00:00Z' };
  const old: Message = {
    ...base,
    id: 'a1',
    role: 'assistant',
    content: 'Old answer',
    replyTo: 'u1',
    superseded: true,
    prompt: 'Old text',
  };
  const current: Message = { ...base, id: 'a2', role: 'assistant', content: 'New answer', replyTo: 'u1' };

  it('should show the current reply under the edited text', () => {
    const rows = threadRows([question, old, current], {});
    expect(rows.map((r) => r.message.content)).toEqual(['New text', 'New answer']);
    expect(rows[0]?.message.editedAt).toBe('2026-01-02T00:00:00Z');
  });

  it('should switch the prompt with its answer when an earlier version is chosen', () => {
    const rows = threadRows([question, old, current], { 'u1#2': 'a1' });
    expect(rows.map((r) => r.message.content)).toEqual(['Old text', 'Old answer']);
    expect(rows[0]?.message.editedAt).toBeUndefined();
    expect(rows[0]?.message.id).toBe('u1');
  });
});

describe('threadRows after Continue', () => {
  const cut = msg('a1', { replyTo: 'u1', content: 'Once upon a time', finishReason: 'length' });
  const history = [
    msg('u1', { role: 'user', content: 'A story?' }),
    cut,
    msg('p1', { role: 'user', content: 'Continue from where you stopped.' }),
    msg('a2', { replyTo: 'p1', content: ' there lived a fox.' }),
  ];

  it('should hide the "continue" turn and show its reply as the same answer going on', () => {
    const rows = threadRows(history, {});
    expect(rows.map((r) => r.message.id)).toEqual(['u1', 'a2']);
    expect(rows[1]?.continued).toEqual({ before: [cut], prompts: ['p1'] });
    // The hidden turn is the newest user message: the question shown can no longer be edited.
    expect(lastIds(rows)).toEqual({ reply: 'a2', user: 'p1' });
  });

  it('should chain continuations, and hide a turn whose reply has not arrived yet', () => {
    const again = [
      ...history.slice(0, 3),
      { ...(history[3] as Message), finishReason: 'length' as const },
      msg('p2', { role: 'user', content: 'Continue from where you stopped.' }),
    ];
    const waiting = threadRows(again, {});
    expect(waiting.map((r) => r.message.id)).toEqual(['u1', 'a2']);
    expect(waiting[1]?.continued?.prompts).toEqual(['p1', 'p2']);
    const rows = threadRows([...again, msg('a3', { replyTo: 'p2', content: ' The end.' })], {});
    expect(rows.map((r) => r.message.id)).toEqual(['u1', 'a3']);
    expect(rows[1]?.continued?.before.map((m) => m.id)).toEqual(['a1', 'a2']);
  });

  it('should show the same words typed after a reply that was not cut short', () => {
    const typed = [history[0] as Message, msg('a1', { replyTo: 'u1' }), history[2] as Message];
    expect(threadRows(typed, {}).map((r) => r.message.id)).toEqual(['u1', 'a1', 'p1']);
  });
});

describe('threadRows in a group chat (issue #46)', () => {
  it('should show each persona’s reply to one message as its own row, with its own versions', () => {
    const round = [
      msg('01', { role: 'user' }),
      msg('02', { replyTo: '01', personaId: 'coach' }),
      msg('03', { replyTo: '01', personaId: 'pal', superseded: true }),
      msg('04', { replyTo: '01', personaId: 'max' }),
      msg('05', { replyTo: '01', personaId: 'pal' }),
    ];
    const rows = threadRows(round, {});
    expect(rows.map((r) => [r.message.id, r.version?.count])).toEqual([
      ['01', undefined],
      ['02', undefined],
      ['05', 2],
      ['04', undefined],
    ]);
  });
});
