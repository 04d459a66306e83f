import type { Db } from '../db/database.js';

/** One line of the usage report: the replies of one day, persona and model, and their tokens. */
export interface UsageLine {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  personaId: string;
  /** The model id that answered; null for replies stored before it was recorded (or with no model). */
  model: string | null;
  replies: number;
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cachedInputTokens: number;
}

/**
 * Replies and the tokens their providers reported, per UTC day, persona and model, since `since`
 * (ISO), newest day first. A read-only report over `messages` and `chats` for operators (the admin
 * CLI's `usage`; the console builds on it). Counts a provider did not report add nothing.
 */
export async function usageReport(db: Db, options: { since: string; personaId?: string }): Promise<UsageLine[]> {
  // created_at is an ISO string in both databases: its first 10 characters are the UTC day.
  let query = db
    .selectFrom('messages')
    .innerJoin('chats', 'chats.id', 'messages.chat_id')
    .select((eb) => [
      eb.fn<string>('substr', ['messages.created_at', eb.val(1), eb.val(10)]).as('day'),
      'chats.persona_id as personaId',
      'messages.model as model',
      eb.fn.countAll<number | string>().as('replies'),
      eb.fn.coalesce(eb.fn.sum<number | string | null>('messages.input_tokens'), eb.val(0)).as('inputTokens'),
      eb.fn.coalesce(eb.fn.sum<number | string | null>('messages.output_tokens'), eb.val(0)).as('outputTokens'),
      eb.fn.coalesce(eb.fn.sum<number | string | null>('messages.reasoning_tokens'), eb.val(0)).as('reasoningTokens'),
      eb.fn
        .coalesce(eb.fn.sum<number | string | null>('messages.cached_input_tokens'), eb.val(0))
        .as('cachedInputTokens'),
    ])
    .where('messages.role', '=', 'assistant')
    .where('messages.created_at', '>=', options.since);
  if (options.personaId) query = query.where('chats.persona_id', '=', options.personaId);
  const rows = await query.groupBy(['day', 'chats.persona_id', 'messages.model']).execute();
  // Sorted here: the databases order NULL models differently. Newest day first, then persona and
  // model (not recorded first). PostgreSQL answers counts and sums as strings (bigint / numeric).
  const key = (r: { day: string; personaId: string; model: string | null }) =>
    [r.day, r.personaId, r.model ?? ''] as const;
  rows.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    if (x[0] !== y[0]) return x[0] < y[0] ? 1 : -1;
    if (x[1] !== y[1]) return x[1] < y[1] ? -1 : 1;
    return x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0;
  });
  return rows.map((r) => ({
    day: r.day,
    personaId: r.personaId,
    model: r.model,
    replies: Number(r.replies),
    inputTokens: Number(r.inputTokens),
    outputTokens: Number(r.outputTokens),
    reasoningTokens: Number(r.reasoningTokens),
    cachedInputTokens: Number(r.cachedInputTokens),
  }));
}
