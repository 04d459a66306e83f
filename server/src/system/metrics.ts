import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of one server process (docs/DEPLOYMENT.md "Metrics"); with several processes
 * each is scraped on its own and Prometheus's `instance` label tells them apart. Off unless
 * METRICS_TOKEN or METRICS_PORT is set.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly help = (name: string, help: string) => ({ name, help, registers: [this.registry] });

  readonly httpRequests = new Counter({
    ...this.help('neura_http_requests_total', 'HTTP requests answered, by route pattern and status.'),
    labelNames: ['method', 'route', 'status'] as const,
  });
  readonly httpDuration = new Histogram({
    ...this.help('neura_http_request_duration_seconds', 'HTTP request latency, by route pattern and status.'),
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  /** Counts the open sockets per namespace at scrape time (set once the realtime server is attached). */
  socketCounts?: () => Record<string, number>;
  readonly socketsConnected = new Gauge({
    ...this.help('neura_sockets_connected', 'Socket.IO connections open on this process, by namespace.'),
    labelNames: ['namespace'] as const,
    collect: () => {
      for (const [namespace, count] of Object.entries(this.socketCounts?.() ?? {}))
        this.socketsConnected.set({ namespace }, count);
    },
  });
  readonly processFaults = new Counter({
    ...this.help(
      'neura_process_faults_total',
      'Unhandled promise rejections and uncaught exceptions in this process, by kind (a bug; the log has each).',
    ),
    labelNames: ['kind'] as const,
  });
  readonly repliesStreaming = new Gauge(this.help('neura_replies_streaming', 'Replies streaming now on this process.'));
  readonly replies = new Counter({
    ...this.help('neura_replies_total', 'Replies ended, by outcome (complete, stopped, failed).'),
    labelNames: ['outcome'] as const,
  });
  readonly repliesRefunded = new Counter({
    ...this.help('neura_replies_refunded_total', 'Reply charges given back, by the refund reason.'),
    labelNames: ['reason'] as const,
  });
  readonly firstToken = new Histogram({
    ...this.help('neura_reply_first_token_seconds', 'Time from a reply starting to its first text, per model.'),
    labelNames: ['model'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
  });
  readonly tokensPerSecond = new Histogram({
    ...this.help('neura_reply_tokens_per_second', 'Output tokens per second of a finished reply, per model.'),
    labelNames: ['model'] as const,
    buckets: [1, 5, 10, 20, 40, 80, 160, 320],
  });
  readonly toolCalls = new Counter({
    ...this.help('neura_tool_calls_total', 'Skill calls ended, by skill and outcome (complete, failed).'),
    labelNames: ['skill', 'outcome'] as const,
  });
  readonly toolDuration = new Histogram({
    ...this.help('neura_tool_call_duration_seconds', 'Skill call latency, by skill and outcome.'),
    labelNames: ['skill', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  });
  readonly creditsCharged = new Counter({
    ...this.help('neura_credits_charged_total', 'Credits taken (messages, skill surcharges), by ledger reason.'),
    labelNames: ['reason'] as const,
  });
  readonly creditsGranted = new Counter({
    ...this.help(
      'neura_credits_granted_total',
      'Credits added (sign-up, admin, purchases, refunds), by ledger reason.',
    ),
    labelNames: ['reason'] as const,
  });
  readonly webhookEvents = new Counter({
    ...this.help('neura_webhook_events_total', 'Payment webhook events, by event type and outcome.'),
    labelNames: ['type', 'outcome'] as const,
  });
  readonly jobs = new Counter({
    ...this.help('neura_jobs_total', 'Background job tries ended, by job name and outcome (complete, retry, failed).'),
    labelNames: ['name', 'outcome'] as const,
  });
  readonly jobDuration = new Histogram({
    ...this.help('neura_job_duration_seconds', 'Background job tries, by job name.'),
    labelNames: ['name'] as const,
    buckets: [0.01, 0.1, 1, 10, 60, 600],
  });
  readonly dependencyErrors = new Counter({
    ...this.help('neura_dependency_errors_total', 'Errors of the database and of Redis seen by this process.'),
    labelNames: ['dependency'] as const,
  });

  constructor() {
    // Process metrics, the event-loop lag (nodejs_eventloop_lag_*) among them.
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.dependencyErrors.inc({ dependency: 'database' }, 0);
    this.dependencyErrors.inc({ dependency: 'redis' }, 0);
  }

  /** Counts a ledger change (after it was written): a negative amount is a charge. */
  ledger(amount: number, reason: string): void {
    if (amount < 0) this.creditsCharged.inc({ reason: ledgerReason(reason) }, -amount);
    else if (amount > 0) this.creditsGranted.inc({ reason: ledgerReason(reason) }, amount);
    // Reply refunds (`refund:llm:failed`, `refund:interrupted`, …); skill surcharge refunds are not replies.
    if (amount > 0 && reason.startsWith('refund:') && !reason.startsWith('refund:skill:'))
      this.repliesRefunded.inc({ reason: ledgerReason(reason.slice(7)) });
  }

  /** Counts a background job's try (jobs/queue.ts). */
  job(name: string, outcome: string, seconds: number): void {
    this.jobs.inc({ name, outcome });
    this.jobDuration.observe({ name }, seconds);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/** Ledger reasons as labels: skill surcharges keep their skill, ids never become labels. */
function ledgerReason(reason: string): string {
  return /^[a-z0-9:_-]{1,48}$/.test(reason) ? reason : 'other';
}

/** True when the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

function metricsHandler(metrics: Metrics, token: string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer')
        .send({ message: 'A valid metrics token is required.', code: 'auth:required' });
    }
    return reply.header('Content-Type', metrics.registry.contentType).send(await metrics.text());
  };
}

/**
 * Counts every answered HTTP request by its route pattern (never the raw url, so ids do not
 * become labels) and serves GET /metrics on the app when METRICS_TOKEN is set.
 */
export function installMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
  if (token !== undefined) app.get('/metrics', metricsHandler(metrics, token));
}

/** METRICS_PORT: /metrics on its own listener bound to loopback. The token, when set, applies too. */
export async function listenMetrics(
  metrics: Metrics,
  port: number,
  token: string | undefined,
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = Fastify({ logger: false });
  server.get('/metrics', metricsHandler(metrics, token));
  await server.listen({ port, host: '127.0.0.1' });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => server.close(),
  };
}

interface ReplyTrack {
  startedAt: number;
  firstAt?: number;
  chars: number;
}

type Observed = {
  messageId?: string;
  text?: string;
  message?: { id: string; role: string; status: string; model?: string; usage?: { outputTokens?: number } };
  call?: { id: string; skill: string; status: string };
};

/**
 * Reply and skill metrics from the events a reply sends its user (so the reply engine carries no
 * metrics code): `message.created` of a streaming reply starts it, the first `message.delta` (or
 * reasoning) is its first token, `message.tool` running → complete/failed times a skill call,
 * `message.done` / `message.error` end it. Tokens per second use the provider's output token
 * count when the reply stored one, else the streamed characters / 4.
 */
export function replyObserver(metrics: Metrics, now: () => number = () => performance.now()) {
  const replies = new Map<string, ReplyTrack>();
  const calls = new Map<string, number>();
  const end = (messageId: string, outcome: string, model?: string, outputTokens?: number) => {
    const track = replies.get(messageId);
    if (!track) return;
    replies.delete(messageId);
    metrics.repliesStreaming.dec();
    metrics.replies.inc({ outcome });
    const label = { model: model ?? 'unknown' };
    if (track.firstAt !== undefined) {
      metrics.firstToken.observe(label, (track.firstAt - track.startedAt) / 1000);
      const seconds = (now() - track.firstAt) / 1000;
      const tokens = outputTokens ?? Math.ceil(track.chars / 4);
      if (outcome === 'complete' && tokens > 0 && seconds > 0) metrics.tokensPerSecond.observe(label, tokens / seconds);
    }
  };
  return (event: string, raw: unknown) => {
    const payload = (raw ?? {}) as Observed;
    switch (event) {
      case 'message.created': {
        const m = payload.message;
        if (m && m.role === 'assistant' && m.status === 'streaming' && !replies.has(m.id)) {
          replies.set(m.id, { startedAt: now(), chars: 0 });
          metrics.repliesStreaming.inc();
        }
        return;
      }
      case 'message.delta':
      case 'message.reasoning': {
        const track = payload.messageId ? replies.get(payload.messageId) : undefined;
        if (!track) return;
        track.firstAt ??= now();
        if (event === 'message.delta') track.chars += payload.text?.length ?? 0;
        return;
      }
      case 'message.tool': {
        const call = payload.call;
        if (!call) return;
        if (call.status === 'running') {
          if (!calls.has(call.id)) calls.set(call.id, now());
          return;
        }
        const started = calls.get(call.id);
        calls.delete(call.id);
        const labels = { skill: call.skill, outcome: call.status };
        metrics.toolCalls.inc(labels);
        if (started !== undefined) metrics.toolDuration.observe(labels, (now() - started) / 1000);
        return;
      }
      case 'message.done': {
        const m = payload.message;
        if (m) end(m.id, m.status === 'stopped' ? 'stopped' : 'complete', m.model, m.usage?.outputTokens);
        return;
      }
      case 'message.error':
        if (payload.messageId) end(payload.messageId, 'failed');
        return;
    }
  };
}
