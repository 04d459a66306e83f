import { DEFAULT_LOCALE, type FinishReason, type TokenUsage } from '@neura/contract';
import { APICallError, type LanguageModel, type ToolSet } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { REPLY_POLICY } from '../config.js';
import type { MessageRow } from '../db/schema.js';
import type { DocumentsForReply, ReplyDocuments } from '../documents/grounding.js';
import type { FileService } from '../files/service.js';
import { translateMessage } from '../i18n/catalog.js';
import { failpoint } from '../lib/failpoints.js';
import { buildContext } from '../llm/context.js';
import { IdleTimeoutError, ModelStreamError, type StepsResult, streamSteps } from '../llm/step-loop.js';
import type { MemoryForReply } from '../memory/context.js';
import type { OpenReplyStream } from '../realtime/reply-stream.js';
import type { Reply, ReplyEnd } from '../replies/reply.js';
import type { Settlement, SettleNews } from '../replies/settle.js';
import { historyForModel } from './attachment-context.js';
import { DeltaBatcher } from './delta-batcher.js';
import { type GroupView, labelForGroup } from './group-context.js';
import { presentMessage } from './present.js';
import type { MessageRepository } from './repository.js';
import { conversationTexts } from './texts.js';
import { ToolParts } from './tool-parts.js';

/** A message as the model's context reads it (MessageRepository.listRecentForContext). */
export type ContextRow = Awaited<ReturnType<MessageRepository['listRecentForContext']>>[number];

/** How many recent messages are read before trimming to the token budget. */
const CONTEXT_MESSAGES = 200;
/** The reply policy (config.ts): model steps (progress saves: REPLY_SAVE_EVERY_MS, `ReplyDeps.progressSaveMs`). */
const { maxSteps: MAX_STEPS } = REPLY_POLICY;

export type ReplyResult = {
  status: ReplyEnd;
  content: string;
  finishReason?: FinishReason;
  usage?: TokenUsage;
};

export interface ReplyDeps {
  messages: MessageRepository;
  /** The one final step of a reply (replies/settle.ts): its end, refunds and news in one transaction. */
  settle: (settlement: Settlement, news: SettleNews) => Promise<MessageRow | undefined>;
  /** Where the reply's events go: its user's devices (realtime/reply-stream.ts). */
  replyStreams: OpenReplyStream;
  log: FastifyBaseLogger;
  tokenBudget: number;
  /** No part from the model for this long → the reply fails (and is refunded). */
  idleTimeoutMs: number;
  /** The reply's text is saved this often while it streams (REPLY_SAVE_EVERY_MS). */
  progressSaveMs: number;
  /** Attachments: pictures for the model, signed urls in what is sent to clients. */
  files?: Pick<FileService, 'readOwned' | 'url'>;
  /** How long later deltas are gathered into one frame, asked per batch (0: until the turn's end; DeltaBatcher). */
  gatherMs?: () => number;
}

/**
 * Streams one reply: context → model → `message.delta` (batched) → its settlement (replies/
 * settle.ts: the stored end, the refund when it failed or delivered nothing, `message.done` or
 * `message.error`, in one transaction). The reply (`Reply`) owns its abort, its timers and its
 * state; Stop keeps the partial text as `stopped`; shutdown ends it `interrupted` (failed and
 * refunded, as after a crash).
 */
export async function runReply(
  deps: ReplyDeps,
  reply: Reply,
  input: {
    model: LanguageModel;
    systemPrompt: string;
    tools?: ToolSet;
    modelId?: string;
    memory?: MemoryForReply;
    /** In a group chat: the replying persona's view (every message labelled with its speaker). */
    group?: GroupView;
    documents?: DocumentsForReply;
    /**
     * The chat's context when the caller knows it or reads it beside the send's charge (a chat
     * created by this send: its one message; see contextWith), oldest first.
     */
    context?: ContextRow[] | Promise<ContextRow[]>;
    /**
     * A send's reply started beside its charge (issue #50): true once the send is stored
     * (committed), false when it was not (refused or failed after its charge had passed). The model
     * is asked at once; its answer is read only once this is true. On false nothing is settled
     * and nothing is said: the send's refusal is the user's answer.
     */
    admitted?: Promise<boolean>;
  },
): Promise<ReplyResult | undefined> {
  const { messages, log } = deps;
  const { chatId, messageId, userId } = reply;
  // What the user is told of a failure, in their language (issue #43).
  const say = (text: string) => translateMessage(text, reply.locale ?? DEFAULT_LOCALE);
  const stream = deps.replyStreams({ userId, chatId, messageId });
  const gather = deps.gatherMs ?? 0;
  const batcher = new DeltaBatcher((text) => stream.delta(text), gather);
  const thinking = new DeltaBatcher((text) => stream.reasoning(text), gather);
  const parts = new ToolParts(
    (call) => {
      // A tool event follows the text before it: flush so clients see them in order.
      thinking.flush();
      batcher.flush();
      stream.tool(call);
    },
    (error) => log.warn({ err: error, chatId, messageId }, 'skill failed unexpectedly'),
    say,
  );
  reply.parts = parts.list;
  // Its send refused after the reply began (issue #50): what the reply started ends now.
  void input.admitted?.then((stored) => stored || reply.abort(new Error('its send was not stored')));
  let result: StepsResult | undefined;
  let failure: unknown;
  let firstText = true;
  let memoryTokens: number | undefined;
  let documents: ReplyDocuments | undefined;
  reply.every(deps.progressSaveMs, () => {
    void messages
      .saveProgress(messageId, reply.content, parts.stored())
      .catch((error) => log.warn({ err: error }, 'reply progress save failed'));
  });

  try {
    const recentRows =
      (await input.context) ?? (await messages.listRecentForContext(chatId, CONTEXT_MESSAGES)).reverse();
    const rows = input.group ? labelForGroup(recentRows, input.group) : recentRows;
    const history = await historyForModel(rows, userId, deps.files);
    // Memory (memory/): its section joins the system prompt (and its token count), its tools the skills.
    const recent = recentRows
      .filter((row) => row.role === 'user')
      .slice(-3)
      .map((row) => row.content);
    // Memory and the chat's documents (documents/: its passages, as untrusted data, and the reply's
    // citations) are looked up at once: neither waits for the other's round trips.
    const [memory, found] = await Promise.all([
      input.memory?.(recent, (note) => parts.note(note)),
      input.documents?.(recent),
    ]);
    memoryTokens = memory?.tokens;
    documents = found;
    const system = input.systemPrompt + (memory?.system ?? '') + (documents?.system ?? '');
    const tools = memory ? { ...input.tools, ...memory.tools } : input.tools;
    result = await streamSteps(
      {
        model: input.model,
        system,
        messages: buildContext(system, history, deps.tokenBudget, { tools: tools !== undefined }),
        tools,
        maxSteps: tools ? MAX_STEPS : 1,
        maxRetries: 1,
        signal: reply.signal,
        idleTimeoutMs: deps.idleTimeoutMs,
        ...(input.admitted ? { held: input.admitted } : {}),
      },
      {
        text: (delta) => {
          reply.streaming();
          // Text after a tool call starts a new paragraph, live and stored alike.
          const text = parts.text(delta, reply.content !== '');
          reply.content += text;
          thinking.flush();
          batcher.push(text);
          if (firstText) {
            firstText = false;
            failpoint('reply.streaming');
          }
        },
        reasoning: (delta) => {
          reply.streaming();
          reply.reasoning += delta;
          thinking.push(delta);
        },
        toolCall: (id, name, callInput) => {
          reply.toolStarted();
          parts.start(id, name, callInput);
        },
        toolResult: (id, output) => {
          parts.complete(id, output);
          reply.toolEnded();
        },
        toolError: (id, err, name, callInput) => {
          // A call the model got wrong (no name, unknown tool, bad input): the model is told; the log too.
          if (typeof err === 'string')
            log.info({ chatId, messageId, tool: name, error: err }, 'model made an invalid tool call');
          parts.fail(id, err, name, callInput);
          reply.toolEnded();
        },
      },
    );
  } catch (error) {
    if (error instanceof IdleTimeoutError) {
      // The model went quiet: whatever it had started ends with the reply.
      reply.abort(error);
      failure = error;
    } else if (reply.stopReason === undefined) failure = error;
  } finally {
    thinking.flush();
    batcher.flush();
    // Calls still running when the reply ended (Stop, shutdown, failure) end as failed.
    parts.endRunning(say(conversationTexts.toolStopped));
    const sources = documents?.sources;
    const cited = sources && (sources.items.length > 0 || sources.unpaid !== undefined);
    if (cited && reply.content.trim() !== '') parts.cite(sources);
  }

  // Its send was not stored: there is no reply to settle (its request to the model is aborted).
  if (input.admitted && !(await input.admitted)) {
    reply.end('failed');
    return undefined;
  }
  const content = reply.content;
  const hasText = content.trim() !== '' || parts.hasTools();
  let end: ReplyEnd;
  let error: { code: 'llm:failed' | 'llm:empty' | 'llm:interrupted'; message: string } | undefined;
  const finishReason = result?.finishReason;
  if (reply.stopReason !== undefined && failure === undefined) {
    // Interrupted by the server (shutdown): failed and refunded, whatever was delivered — the
    // same rule as a crash (kill -9) or a dead process, whose replies recovery settles alike.
    if (reply.stopReason === 'shutdown') {
      end = 'interrupted';
      error = { code: 'llm:interrupted', message: say(conversationTexts.interrupted) };
    } else end = 'stopped';
  } else if (failure !== undefined) {
    log.warn({ err: failure, chatId, messageId }, 'model reply failed');
    end = 'failed';
    error = { code: 'llm:failed', message: say(failureText(failure)) };
  } else if (!hasText && finishReason === 'content_filter') {
    end = 'failed';
    error = { code: 'llm:failed', message: say(conversationTexts.filtered) };
  } else if (!hasText) {
    end = 'failed';
    error = { code: 'llm:empty', message: say(conversationTexts.emptyReply) };
  } else end = 'complete';

  try {
    await deps.settle(
      {
        reply: { userId, chatId, messageId },
        end,
        content,
        parts: parts.stored(),
        outcome: {
          reasoning: reply.reasoning,
          ...(input.modelId ? { model: input.modelId } : {}),
          finishReason: storedFinish(end, finishReason),
          ...(result ? { usage: result.usage } : {}),
          ...(memoryTokens !== undefined ? { memoryTokens } : {}),
          ...(documents?.tokens ? { documentTokens: documents.tokens } : {}),
        },
        ...(error ? { error } : {}),
      },
      { stream, present: (row) => presentMessage(row, deps.files, { admin: reply.admin }) },
    );
  } finally {
    // Whatever the settlement did (a database cut: recovery settles it later), the reply's
    // timers and abort end here.
    reply.end(end);
  }
  return {
    status: end,
    content,
    ...(finishReason ? { finishReason } : {}),
    ...(result ? { usage: result.usage } : {}),
  };
}

/**
 * The context of a send's reply read beside its charge (issue #50): the chat's recent messages
 * read now, with the send's own message last (stored or not yet when the read runs), oldest first.
 * A reply that never starts (the charge refused) leaves the read unheard.
 */
export function contextWith(messages: MessageRepository, message: MessageRow): Promise<ContextRow[]> {
  const read = messages
    .listRecentForContext(message.chat_id, CONTEXT_MESSAGES)
    .then((rows) => [...rows.filter((row) => row.id !== message.id).reverse(), message].slice(-CONTEXT_MESSAGES));
  read.catch(() => undefined);
  return read;
}

/** The finish reason a reply is stored with: the model's when it ended on its own or was filtered, `error` when it failed. */
function storedFinish(end: ReplyEnd, finish: FinishReason | undefined): FinishReason | undefined {
  if (end === 'complete' || finish === 'content_filter') return finish;
  return end === 'failed' || end === 'interrupted' ? 'error' : undefined;
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
