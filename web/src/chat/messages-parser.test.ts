import { messagesResponseSchema } from '@neura/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../api/app-error';
import { messagesParser, withToolParts } from './messages-parser';

const message = {
  id: 'm1',
  chatId: 'c1',
  role: 'assistant',
  content: 'Hello',
  createdAt: '2026-01-01T00:00:00.000Z',
  status: 'complete',
  cost: 1,
};

describe('messages parser', () => {
  it('should pass a page the contract accepts through unchanged', () => {
    const page = [
      {
        ...message,
        role: 'user',
        attachments: [{ id: 'f1', url: '/f', mimeType: 'image/png', width: 1, height: null }],
      },
      { ...message, id: 'm2', parts: [{ type: 'text', text: 'Hello' }], versions: ['m2'], replyTo: 'm1' },
    ];
    expect(messagesResponseSchema.parse(page)).toEqual(page);
    expect(messagesParser.parse(page)).toBe(page);
  });

  it('should reject a page the client cannot show', () => {
    for (const bad of [
      {},
      [{ ...message, role: 'robot' }],
      [{ ...message, content: null }],
      [{ ...message, cost: '1' }],
    ]) {
      expect(() => messagesParser.parse(bad)).toThrow(AppError);
    }
    expect(() => messagesParser.parse([{ ...message, parts: [{ type: 'tool', id: 't1' }] }])).toThrow(AppError);
  });

  it('should parse a page with tool calls with the contract schema (a malformed input reads as {})', async () => {
    const tool = { type: 'tool', id: 't1', skill: 'web_search', status: 'complete', input: { query: 42 } };
    const page = messagesParser.parse([{ ...message, parts: [tool] }]);
    const parsed = await withToolParts(page);
    expect(parsed[0]?.parts?.[0]).toMatchObject({ type: 'tool', id: 't1', input: {} });
  });

  it('should leave a page without tool calls as it came', async () => {
    const page = messagesParser.parse([message]);
    expect(await withToolParts(page)).toBe(page);
  });
});
