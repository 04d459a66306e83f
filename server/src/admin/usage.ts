import type { UsageLine } from '../conversation/usage-report.js';
import type { AdminCommand } from './command.js';

const help = { help: { type: 'boolean', short: 'h' } } as const;
const DAY_MS = 86_400_000;

const HEADERS = ['day', 'persona', 'model', 'replies', 'input', 'output', 'reasoning', 'cached'] as const;
/** Columns right-aligned (numbers). */
const NUMERIC = new Set([3, 4, 5, 6, 7]);

type Counts = Pick<UsageLine, 'replies' | 'inputTokens' | 'outputTokens' | 'reasoningTokens' | 'cachedInputTokens'>;

const cells = (label: [day: string, persona: string, model: string], n: Counts) => [
  ...label,
  ...[n.replies, n.inputTokens, n.outputTokens, n.reasoningTokens, n.cachedInputTokens].map(String),
];

/** The report as an aligned table with a total line (plain text, no colours: it is often piped). */
export function formatUsage(lines: UsageLine[]): string[] {
  const total = lines.reduce<Counts>(
    (sum, l) => ({
      replies: sum.replies + l.replies,
      inputTokens: sum.inputTokens + l.inputTokens,
      outputTokens: sum.outputTokens + l.outputTokens,
      reasoningTokens: sum.reasoningTokens + l.reasoningTokens,
      cachedInputTokens: sum.cachedInputTokens + l.cachedInputTokens,
    }),
    { replies: 0, inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedInputTokens: 0 },
  );
  const rows = [
    [...HEADERS],
    ...lines.map((l) => cells([l.day, l.personaId, l.model ?? '(not recorded)'], l)),
    cells(['total', '', ''], total),
  ];
  const widths = HEADERS.map((_, i) => Math.max(...rows.map((r) => r[i]?.length ?? 0)));
  const format = (row: string[]) =>
    row
      .map((cell, i) => (NUMERIC.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const body = rows.slice(1, -1).map(format);
  const last = rows.at(-1);
  return [format(rows[0] ?? []), rule, ...body, rule, last ? format(last) : ''];
}

/** `usage`: replies and tokens per day, persona and model (issue #24). */
export const usageAdminCommands: AdminCommand[] = [
  {
    name: 'usage',
    usage: 'usage [--days N] [--persona ID]',
    summary: 'Prints replies and token counts per day (UTC), persona and model, for the last N days (default 7).',
    options: { ...help, days: { type: 'string' }, persona: { type: 'string' } },
    async run({ admin, options, out }) {
      const days = options.days === undefined ? 7 : Number(options.days);
      if (!Number.isInteger(days) || days < 1 || days > 3660)
        throw new Error('--days must be a whole number from 1 to 3660');
      const personaId = typeof options.persona === 'string' ? options.persona.trim() : undefined;
      // Today counts as the first day: --days 1 is today (UTC) so far.
      const since = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - (days - 1) * DAY_MS).toISOString();
      const lines = await admin.usage({ since, ...(personaId ? { personaId } : {}) });
      const scope = `${days === 1 ? 'today' : `the last ${days} days`} (since ${since.slice(0, 10)}, UTC)`;
      out(`Replies and tokens for ${scope}${personaId ? `, persona ${personaId}` : ''}.`);
      if (lines.length === 0) {
        out('No replies in that time.');
        return 0;
      }
      for (const line of formatUsage(lines)) out(line);
      if (lines.some((l) => l.model === null))
        out('(not recorded): replies stored before token usage was recorded, or answered without a model.');
      return 0;
    },
  },
];
