import { type LanguageModel, streamText } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import type { CreditService } from '../credits/service.js';
import { buildContext } from '../llm/context.js';
import type { Realtime } from '../realtime/realtime.js';
import { DeltaBatcher } from './delta-batcher.js';
import { IdleTimeoutError, withIdleTimeout } from './idle-timeout.js';
import { presentMessage } from './present.js';
import type { MessageRepository } from './repository.js';
import { conversationTexts } from './texts.js';

/** How many recent messages are read before trimming to the token budget. */
const CONTEXT_MESSAGES = 200;
/** A streaming reply saves its text this often (crash safety and a heartbeat for sweepers). */
const PROGRESS_MS = 3000;
const DELTA_FLUSH_MS = 30;

export type StopReason = 'stop' | 'shutdown';

/** One reply being generated: what stop and shutdown need to reach it. */
export interface ActiveReply {
  chatId: string;
  userId: string;
  messageId: string;
  controller: AbortController;
  stopReason?: StopReason;
  /** The text so far (history requests show it for a reply still streaming here). */
  content: string;
}

export type ReplyOutcome = { status: 'complete' | 'stopped' | 'failed'; content: string };

export interface ReplyDeps {
  messages: MessageRepository;
  credits: CreditService;
  realtime: Pick<Realtime, 'toUser'>;
  log: FastifyBaseLogger;
  tokenBudget: number;
  /** No part from the model for this long → the reply fails (and is refunded). */
  idleTimeoutMs: number;
}

/**
 * Streams one reply: context → model → `message.delta` (batched) → the stored message →
 * `message.done`, or `message.error` with a refund (provider failure, empty reply, shutdown
 * before the first token). Stopping keeps the partial text as `stopped`.
 */
export async function runReply(
  deps: ReplyDeps,
  reply: ActiveReply,
  input: { model: LanguageModel; systemPrompt: string },
): Promise<ReplyOutcome> {
  const { messages, realtime, log } = deps;
  const { chatId, messageId, userId, controller } = reply;
  const room = () => realtime.toUser(userId);
  const batcher = new DeltaBatcher((text) => room().emit('message.delta', { chatId, messageId, text }), DELTA_FLUSH_MS);
  let content = '';
  let failure: unknown;
  const heartbeat = setInterval(() => {
    void messages
      .saveProgress(messageId, content)
      .catch((error) => log.warn({ err: error }, 'reply progress save failed'));
  }, PROGRESS_MS);
  heartbeat.unref();

  try {
    const history = (await messages.listRecentForContext(chatId, CONTEXT_MESSAGES)).reverse();
    const result = streamText({
      model: input.model,
      system: input.systemPrompt,
      messages: buildContext(input.systemPrompt, history, deps.tokenBudget),
      abortSignal: controller.signal,
      maxRetries: 1,
      // Errors arrive as `error` parts below; without this the SDK also prints them.
      onError: () => undefined,
    });
    for await (const part of withIdleTimeout(result.fullStream, deps.idleTimeoutMs)) {
      if (part.type === 'text-delta') {
        content += part.text;
        reply.content = content;
        batcher.push(part.text);
      } else if (part.type === 'error') {
        failure = part.error;
        break;
      } else if (part.type === 'abort') break;
    }
  } catch (error) {
    if (!controller.signal.aborted) failure = error;
    if (error instanceof IdleTimeoutError) controller.abort(error);
  } finally {
    clearInterval(heartbeat);
    batcher.flush();
  }

  const hasText = content.trim() !== '';
  let status: ReplyOutcome['status'];
  let error: { code: 'llm:failed' | 'llm:empty' | 'llm:interrupted'; message: string } | undefined;
  if (controller.signal.aborted && reply.stopReason !== undefined && failure === undefined) {
    // Interrupted by the server (shutdown): failed and refunded, whatever was delivered — the
    // same rule as a crash (kill -9) or a dead process, whose replies recovery fails and refunds.
    if (reply.stopReason === 'shutdown') {
      status = 'failed';
      error = { code: 'llm:interrupted', message: conversationTexts.interrupted };
    } else status = 'stopped';
  } else if (failure !== undefined) {
    log.warn({ err: failure, chatId, messageId }, 'model reply failed');
    status = 'failed';
    error = { code: 'llm:failed', message: conversationTexts.failed };
  } else if (!hasText) {
    status = 'failed';
    error = { code: 'llm:empty', message: conversationTexts.emptyReply };
  } else status = 'complete';

  await messages.finishReply(messageId, { content, status });
  // Failed or empty: the charge goes back, once (the ledger's refund key makes repeats no-ops).
  if (status === 'failed' || !hasText)
    await deps.credits.refund(userId, messageId, `refund:${error?.code ?? 'stopped'}`);

  if (error) room().emit('message.error', { chatId, messageId, message: error.message, code: error.code });
  else {
    // Gone when the chat was deleted meanwhile: nothing left to tell.
    const row = await messages.findById(messageId);
    if (row) room().emit('message.done', { chatId, message: presentMessage(row) });
  }
  return { status, content };
}
