import type { Locale, MessagePart } from '@neura/contract';

/**
 * A reply's life (docs/ARCHITECTURE.md "A reply's states"):
 *
 *   admitted → streaming ⇄ tool_running → complete | stopped | failed | interrupted
 *
 * `admitted`: charged and stored as a `streaming` row (a send's reply exists from the moment its
 * charge has passed, its row once the send commits: issue #50), the model not yet answering. `streaming`:
 * the model is sending. `tool_running`: at least one skill call is running. The four ends are
 * final: `interrupted` is a reply the server ended (shutdown, or a crash found by recovery), stored
 * as `failed` and refunded like a failure.
 */
export type ReplyState = 'admitted' | 'streaming' | 'tool_running' | 'complete' | 'stopped' | 'failed' | 'interrupted';

export type ReplyEnd = Extract<ReplyState, 'complete' | 'stopped' | 'failed' | 'interrupted'>;

/** Why a reply was stopped from outside: the user's Stop, or the server shutting down. */
export type StopReason = 'stop' | 'shutdown';

const NEXT: Record<ReplyState, readonly ReplyState[]> = {
  admitted: ['streaming', 'tool_running', 'complete', 'stopped', 'failed', 'interrupted'],
  streaming: ['tool_running', 'complete', 'stopped', 'failed', 'interrupted'],
  tool_running: ['streaming', 'complete', 'stopped', 'failed', 'interrupted'],
  complete: [],
  stopped: [],
  failed: [],
  interrupted: [],
};

export const isFinal = (state: ReplyState): state is ReplyEnd => NEXT[state].length === 0;

/**
 * One reply being generated, and the one owner of everything that lives as long as it does: its
 * state, its abort (Stop, shutdown, a failure), its timers, the tool calls running, and what it
 * has produced so far (history requests show a live reply's text). Nothing else keeps a timer or
 * an abort controller for a reply; `end()` releases them all, once.
 */
export class Reply {
  private current: ReplyState = 'admitted';
  private readonly controller = new AbortController();
  private readonly timers = new Set<NodeJS.Timeout>();
  private toolsRunning = 0;
  private why: StopReason | undefined;
  /** The text so far. */
  content = '';
  /** The ordered parts so far (text and tool calls). */
  parts: MessagePart[] = [];
  /** The model's reasoning so far ("Thinking"). */
  reasoning = '';

  constructor(
    readonly chatId: string,
    readonly userId: string,
    readonly messageId: string,
    /** The reply's user is an admin: its stored message is presented with model and usage. */
    readonly admin = false,
    /** Its user's language: what the reply's failures say is in it (issue #43). */
    readonly locale: Locale | null = null,
  ) {}

  get state(): ReplyState {
    return this.current;
  }

  /** Aborted when the reply must end now (Stop, shutdown, a failure, or its end). */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Why it was stopped from outside, if it was (the first reason wins). */
  get stopReason(): StopReason | undefined {
    return this.why;
  }

  /** Stops the reply (the user's Stop, or shutdown); the first reason is kept. */
  stop(reason: StopReason): void {
    if (isFinal(this.current)) return;
    this.why ??= reason;
    this.controller.abort(new Error(reason === 'stop' ? 'stopped by the user' : 'the server is shutting down'));
  }

  /** Ends the model's work with `error` (e.g. the idle watchdog). */
  abort(error: Error): void {
    if (!this.controller.signal.aborted) this.controller.abort(error);
  }

  /** The model sent something: a reply admitted or between tools is streaming. */
  streaming(): void {
    if (this.current === 'admitted') this.to('streaming');
  }

  /** A skill call started. */
  toolStarted(): void {
    this.toolsRunning++;
    if (this.current === 'admitted' || this.current === 'streaming') this.to('tool_running');
  }

  /** A skill call ended (done or failed). */
  toolEnded(): void {
    this.toolsRunning = Math.max(0, this.toolsRunning - 1);
    if (this.toolsRunning === 0 && this.current === 'tool_running') this.to('streaming');
  }

  /** Runs `fn` every `ms` until the reply ends (its progress saves). */
  every(ms: number, fn: () => void): void {
    const timer = setInterval(fn, ms);
    timer.unref();
    this.timers.add(timer);
  }

  /** The final state: timers cleared and anything still listening aborted. Once. */
  end(state: ReplyEnd): void {
    if (isFinal(this.current)) return;
    this.to(state);
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    if (!this.controller.signal.aborted) this.controller.abort(new Error('the reply ended'));
  }

  private to(next: ReplyState): void {
    if (!NEXT[this.current].includes(next)) throw new Error(`a reply cannot go from ${this.current} to ${next}`);
    this.current = next;
  }
}
