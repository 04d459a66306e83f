import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatNamer, type ChatNamerDeps, NAMING_YIELD_MAX_MS } from './chat-namer.js';

/** A namer with no model (titles from the first message) whose renames are recorded. */
function namer(quiet: () => Promise<void>) {
  const renamed: string[] = [];
  const deps = {
    db: {},
    limiter: {},
    log: { warn: () => undefined },
    chats: {
      rename: async (_userId: string, chatId: string, name: string) => {
        renamed.push(`${chatId}: ${name}`);
      },
    },
    quiet,
  } as unknown as ChatNamerDeps;
  return { renamed, namer: new ChatNamer(deps, new AbortController().signal) };
}

const exchange = { user: 'How do I relax', assistant: 'Breathe.' };

describe('ChatNamer', () => {
  afterEach(() => vi.useRealTimers());

  it('should name a first exchange only once no send waits for its setup', async () => {
    let release: () => void = () => undefined;
    const burst = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { renamed, namer: n } = namer(() => burst);
    const named = n.nameFirstExchange('u1', 'c1', exchange, undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(renamed).toEqual([]);
    release();
    await expect(named).resolves.toBe('How do I relax');
    expect(renamed).toEqual(['c1: How do I relax']);
  });

  it('should not wait for a burst longer than NAMING_YIELD_MAX_MS', async () => {
    vi.useFakeTimers();
    const { renamed, namer: n } = namer(() => new Promise<void>(() => undefined));
    const named = n.nameFirstExchange('u1', 'c1', exchange, undefined);
    await vi.advanceTimersByTimeAsync(NAMING_YIELD_MAX_MS - 1);
    expect(renamed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(named).resolves.toBe('How do I relax');
    expect(renamed).toEqual(['c1: How do I relax']);
  });
});
