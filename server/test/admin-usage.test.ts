import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/admin/cli.js';
import { adminCommands } from '../src/admin/commands.js';

const DAY_MS = 86_400_000;
/** Noon (UTC) `n` days ago: safely inside that day whatever the time of the run. */
const daysAgo = (n: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - n * DAY_MS + DAY_MS / 2);
const dayOf = (n: number) => daysAgo(n).toISOString().slice(0, 10);

describe('admin CLI: usage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  async function run(options: Record<string, string | boolean> = {}) {
    const command = adminCommands.find((c) => c.name === 'usage');
    if (!command) throw new Error('no usage command');
    const lines: string[] = [];
    const code = await command.run({
      admin: t.admin,
      args: [],
      options,
      out: (l) => lines.push(l),
      readFile: () => '',
    });
    return { code, lines };
  }

  /** A reply `n` days ago in a chat with `persona`, answered by `model` with these token counts. */
  async function reply(
    persona: string,
    n: number,
    model: string | null,
    tokens: { input?: number; output?: number; reasoning?: number; cached?: number } = {},
  ) {
    const user = await t.seed.user();
    const chat = await t.seed.chat(user.id, persona);
    const at = daysAgo(n).toISOString();
    const [, replyId] = await t.seed.messages({ id: chat.id, userId: user.id }, [
      { role: 'user', content: 'Hi', at },
      { role: 'assistant', content: 'Hello', at },
    ]);
    await t.db
      .updateTable('messages')
      .set({
        model,
        finish_reason: 'stop',
        input_tokens: tokens.input ?? null,
        output_tokens: tokens.output ?? null,
        reasoning_tokens: tokens.reasoning ?? null,
        cached_input_tokens: tokens.cached ?? null,
      })
      .where('id', '=', replyId ?? '')
      .execute();
  }

  it('should say so when there are no replies', async () => {
    const { code, lines } = await run();
    expect(code).toBe(0);
    expect(lines).toEqual([
      `Replies and tokens for the last 7 days (since ${dayOf(6)}, UTC).`,
      'No replies in that time.',
    ]);
  });

  it('should sum replies and tokens per day, persona and model, newest day first, with a total', async () => {
    await reply('default', 0, 'gpt-4o-mini', { input: 100, output: 20, cached: 64 });
    await reply('default', 0, 'gpt-4o-mini', { input: 300, output: 40 });
    await reply('default', 0, 'deepseek-reasoner', { input: 50, output: 500, reasoning: 400 });
    await reply('mindful-coach', 2, 'gpt-4o-mini', { output: 7 });
    // Before usage was recorded.
    await reply('mindful-coach', 2, null);
    // Older than the window.
    await reply('default', 9, 'gpt-4o-mini', { input: 1_000_000 });

    const { code, lines } = await run();
    expect(code).toBe(0);
    expect(lines).toEqual([
      `Replies and tokens for the last 7 days (since ${dayOf(6)}, UTC).`,
      'day         persona        model              replies  input  output  reasoning  cached',
      '----------  -------------  -----------------  -------  -----  ------  ---------  ------',
      `${dayOf(0)}  default        deepseek-reasoner        1     50     500        400       0`,
      `${dayOf(0)}  default        gpt-4o-mini              2    400      60          0      64`,
      `${dayOf(2)}  mindful-coach  (not recorded)           1      0       0          0       0`,
      `${dayOf(2)}  mindful-coach  gpt-4o-mini              1      0       7          0       0`,
      '----------  -------------  -----------------  -------  -----  ------  ---------  ------',
      'total                                               5    450     567        400      64',
      '(not recorded): replies stored before token usage was recorded, or answered without a model.',
    ]);
  });

  it('should widen the window with --days and narrow it with --persona', async () => {
    const wide = await run({ days: '30' });
    expect(wide.lines[0]).toBe(`Replies and tokens for the last 30 days (since ${dayOf(29)}, UTC).`);
    expect(wide.lines.find((l) => l.startsWith(dayOf(9)))).toMatch(/default\s+gpt-4o-mini\s+1\s+1000000\s/);
    expect(wide.lines.at(-2)).toMatch(/^total\s+6\s+1000450\s/);

    const today = await run({ days: '1', persona: 'default' });
    expect(today.lines[0]).toBe(`Replies and tokens for today (since ${dayOf(0)}, UTC), persona default.`);
    expect(today.lines.filter((l) => l.startsWith(dayOf(0)))).toHaveLength(2);
    expect(today.lines.at(-1)).toMatch(/^total\s+3\s+450\s+560\s+400\s+64$/);

    const nobody = await run({ persona: 'no-such-persona' });
    expect(nobody.lines.at(-1)).toBe('No replies in that time.');
  });

  it('should refuse a --days that is not a whole number of at least 1', async () => {
    for (const days of ['0', '-3', '1.5', 'week', '99999'])
      await expect(run({ days })).rejects.toThrow('--days must be a whole number from 1 to 3660');
  });

  it('should be listed in the help and reachable as `usage` from the command line', async () => {
    const help: string[] = [];
    expect(await runAdmin(['--help'], (l) => help.push(l))).toBe(0);
    expect(help.join('\n')).toContain('usage [--days N] [--persona ID]');
  });
});
