import type { FinishReason, MessagePart, TokenUsage } from '@neura/contract';
import { APICallError, type LanguageModel, type ToolSet } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { REPLY_POLICY } from '../config.js';
import type { CreditService } from '../credits/service.js';
import type { FileService } from '../files/service.js';
import { buildContext } from '../llm/context.js';
import { IdleTimeoutError, ModelStreamError, type StepsResult, streamSteps } from '../llm/step-loop.js';
import type { OpenReplyStream } from '../realtime/reply-stream.js';
import { historyForModel } from './attachment-context.js';
import { DeltaBatcher } from './delta-batcher.js';
import { presentMessage } from './present.js';
import type { MessageRepository } from './repository.js';
import { conversationTexts } from './texts.js';
import { ToolParts } from './tool-parts.js';

/** How many recent messages are read before trimming to the token budget. */
const CONTEXT_MESSAGES = 200;
/** The reply policy (config.ts): progress saves and model steps. */
const { progressSaveMs: PROGRESS_MS, maxSteps: MAX_STEPS } = REPLY_POLICY;

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
  /** The ordered parts so far (text and tool calls). */
  parts?: MessagePart[];
  /** The model's reasoning so far ("Thinking"). */
  reasoning?: string;
  /** The reply's user is an admin: its stored message is presented with model and usage. */
  admin?: boolean;
  /** Skill surcharges taken for this reply (credits), added to its cost. */
  surcharge?: number;
}

export type ReplyOutcome = {
  status: 'complete' | 'stopped' | 'failed';
  content: string;
  finishReason?: FinishReason;
  usage?: TokenUsage;
};

export interface ReplyDeps {
  messages: MessageRepository;
  credits: CreditService;
  /** Where the reply's events go: its user's devices (realtime/reply-stream.ts). */
  replyStreams: OpenReplyStream;
  log: FastifyBaseLogger;
  tokenBudget: number;
  /** No part from the model for this long → the reply fails (and is refunded). */
  idleTimeoutMs: number;
  /** Attachments: pictures for the model, signed urls in what is sent to clients. */
  files?: Pick<FileService, 'readOwned' | 'url'>;
}

/**
 * Streams one reply: context → model → `message.delta` (batched) → the stored message →
 * `message.done`, or `message.error` with a refund (each through the reply's stream, `replyStreams`) (provider failure, empty reply, shutdown
 * before the first token). Stopping keeps the partial text as `stopped`.
 */
export async function runReply(
  deps: ReplyDeps,
  reply: ActiveReply,
  input: { model: LanguageModel; systemPrompt: string; tools?: ToolSet; modelId?: string },
): Promise<ReplyOutcome> {
  const { messages, log } = deps;
  const { chatId, messageId, userId, controller } = reply;
  const stream = deps.replyStreams({ userId, chatId, messageId });
  const batcher = new DeltaBatcher((text) => stream.delta(text));
  const thinking = new DeltaBatcher((text) => stream.reasoning(text));
  const parts = new ToolParts(
    (call) => {
      // A tool event follows the text before it: flush so clients see them in order.
      thinking.flush();
      batcher.flush();
      stream.tool(call);
    },
    (error) => log.warn({ err: error, chatId, messageId }, 'skill failed unexpectedly'),
  );
  reply.parts = parts.list;
  let content = '';
  let reasoning = '';
  let result: StepsResult | undefined;
  let failure: unknown;
  const heartbeat = setInterval(() => {
    void messages
      .saveProgress(messageId, content, parts.stored())
      .catch((error) => log.warn({ err: error }, 'reply progress save failed'));
  }, PROGRESS_MS);
  heartbeat.unref();

  try {
    const rows = (await messages.listRecentForContext(chatId, CONTEXT_MESSAGES)).reverse();
    const history = await historyForModel(rows, userId, deps.files);
    result = await streamSteps(
      {
        model: input.model,
        system: input.systemPrompt,
        messages: buildContext(input.systemPrompt, history, deps.tokenBudget, { tools: input.tools !== undefined }),
        tools: input.tools,
        maxSteps: input.tools ? MAX_STEPS : 1,
        maxRetries: 1,
        signal: controller.signal,
        idleTimeoutMs: deps.idleTimeoutMs,
      },
      {
        text: (delta) => {
          // Text after a tool call starts a new paragraph, live and stored alike.
          const text = parts.text(delta, content !== '');
          content += text;
          reply.content = content;
          thinking.flush();
          batcher.push(text);
        },
        reasoning: (delta) => {
          reasoning += delta;
          reply.reasoning = reasoning;
          thinking.push(delta);
        },
        toolCall: (id, name, callInput) => parts.start(id, name, callInput),
        toolResult: (id, output) => parts.complete(id, output),
        toolError: (id, err, name, callInput) => {
          // A call the model got wrong (no name, unknown tool, bad input): the model is told; the log too.
          if (typeof err === 'string')
            log.info({ chatId, messageId, tool: name, error: err }, 'model made an invalid tool call');
          parts.fail(id, err, name, callInput);
        },
      },
    );
  } catch (error) {
    if (!controller.signal.aborted) failure = error;
    if (error instanceof IdleTimeoutError) controller.abort(error);
  } finally {
    clearInterval(heartbeat);
    thinking.flush();
    batcher.flush();
    // Calls still running when the reply ended (Stop, shutdown, failure) end as failed.
    parts.endRunning(conversationTexts.toolStopped);
  }

  const hasText = content.trim() !== '' || parts.hasTools();
  let status: ReplyOutcome['status'];
  let error: { code: 'llm:failed' | 'llm:empty' | 'llm:interrupted'; message: string } | undefined;
  const finishReason = result?.finishReason;
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
    error = { code: 'llm:failed', message: failureText(failure) };
  } else if (!hasText && finishReason === 'content_filter') {
    status = 'failed';
    error = { code: 'llm:failed', message: conversationTexts.filtered };
  } else if (!hasText) {
    status = 'failed';
    error = { code: 'llm:empty', message: conversationTexts.emptyReply };
  } else status = 'complete';

  const stored = await messages.finishReply(messageId, {
    content,
    status,
    parts: parts.stored(),
    addCost: reply.surcharge ?? 0,
    outcome: {
      reasoning,
      ...(input.modelId ? { model: input.modelId } : {}),
      finishReason: storedFinish(status, finishReason),
      ...(result ? { usage: result.usage } : {}),
    },
  });
  // Failed or empty: the charge goes back, once (the ledger's refund key makes repeats no-ops).
  if (status === 'failed' || !hasText)
    await deps.credits.refund(userId, messageId, `refund:${error?.code ?? 'stopped'}`);

  if (error) stream.error(error);
  else {
    // The stored row comes back from the update; read it only if the reply had already ended
    // elsewhere. Gone when the chat was deleted meanwhile: nothing left to tell.
    const row = stored ?? (await messages.findById(messageId));
    if (row) stream.done(presentMessage(row, deps.files, { admin: reply.admin }));
  }
  return { status, content, ...(finishReason ? { finishReason } : {}), ...(result ? { usage: result.usage } : {}) };
}

/** The finish reason a reply is stored with: the model's when it ended on its own or was filtered, `error` when it failed. */
function storedFinish(status: ReplyOutcome['status'], finish: FinishReason | undefined): FinishReason | undefined {
  if (status === 'complete' || finish === 'content_filter') return finish;
  return status === 'failed' ? 'error' : undefined;
}

/** What the user is told when the model failed: a busy or failing provider says so (the refund is the same). */
function failureText(failure: unknown): string {
  if (APICallError.isInstance(failure)) {
    if (failure.statusCode === 429) return conversationTexts.rateLimited;
    if (failure.statusCode !== undefined && failure.statusCode >= 500) return conversationTexts.overloaded;
  }
  if (failure instanceof ModelStreamError) {
    if (failure.kind === 'rate_limit_error') return conversationTexts.rateLimited;
    if (failure.kind === 'overloaded_error' || failure.kind === 'api_error') return conversationTexts.overloaded;
  }
  if (failure instanceof IdleTimeoutError) return conversationTexts.timedOut;
  return conversationTexts.failed;
}
