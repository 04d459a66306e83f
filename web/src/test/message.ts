import type { Message } from '@neura/contract';

/** A message for tests: a complete assistant reply in chat `c1` whose text is its id, unless `over` says otherwise. */
export const testMessage = (id: string, over: Partial<Message> = {}): Message => ({
  id,
  chatId: 'c1',
  role: 'assistant',
  content: id,
  createdAt: '2026-01-01T00:00:00.000Z',
  status: 'complete',
  cost: 2,
  ...over,
});
