import { context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * OpenTelemetry tracing (docs/DEPLOYMENT.md "Tracing"). The app is instrumented with the public
 * API only (`@opentelemetry/api`): without a registered SDK every span is a no-op. `startTracing`
 * (tracing-sdk.ts, loaded by main.ts only) registers the Node SDK with an OTLP/HTTP exporter when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set.
 *
 * One send is one trace: the socket event span (`socket sendMessage`: validation, admission, the
 * charge and the stored messages), under it `neura.reply` with `neura.model.stream` and one
 * `neura.tool <skill>` per skill call, and a `db <kind> <table>` span per query (persistence).
 * HTTP requests get a server span named by route pattern.
 */
import { tracer } from '../lib/spans.js';

export { tracer };

/** A server span per HTTP request, active while it is handled, named by its route pattern. */
export function installHttpTracing(app: FastifyInstance): void {
  const spans = new WeakMap<object, Span>();
  app.addHook('onRequest', (request, _reply, done) => {
    const span = tracer().startSpan(`HTTP ${request.method}`, {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': request.method },
    });
    spans.set(request, span);
    context.with(trace.setSpan(context.active(), span), done);
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (!span) return;
    const route = request.routeOptions.url;
    if (route) span.updateName(`HTTP ${request.method} ${route}`);
    span.setAttributes({ 'http.route': route ?? 'unmatched', 'http.response.status_code': reply.statusCode });
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
}

/** A span per database query (`db select messages`), under whatever span is active. */
export class QueryTracingPlugin implements KyselyPlugin {
  private readonly spans = new WeakMap<object, Span>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node as RootOperationNode & { from?: { froms?: unknown[] }; into?: unknown; table?: unknown };
    const kind = node.kind.replace(/QueryNode$/, '').toLowerCase();
    const table = tableOf(node);
    this.spans.set(
      args.queryId,
      tracer().startSpan(`db ${kind}${table ? ` ${table}` : ''}`, {
        kind: SpanKind.CLIENT,
        attributes: { 'db.operation.name': kind, ...(table ? { 'db.collection.name': table } : {}) },
      }),
    );
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.spans.get(args.queryId)?.end();
    return args.result;
  }
}

function tableOf(node: unknown): string | undefined {
  const n = node as {
    from?: { froms?: Array<{ table?: { identifier?: { name?: string } } }> };
    into?: { table?: { identifier?: { name?: string } } };
    table?: { table?: { identifier?: { name?: string } } };
  };
  return (
    n.into?.table?.identifier?.name ??
    n.table?.table?.identifier?.name ??
    n.from?.froms?.[0]?.table?.identifier?.name ??
    undefined
  );
}

type Observed = {
  messageId?: string;
  message?: { id: string; role: string; status: string; model?: string };
  call?: { id: string; skill: string; status: string };
};

/**
 * Reply spans from the events a reply sends its user (the reply engine carries no tracing code):
 * they start in the reply's own async context, so they join the trace of the send that started it.
 */
export function replyTracer() {
  const replies = new Map<string, { reply: Span; stream: Span }>();
  const tools = new Map<string, Span>();
  const end = (messageId: string, outcome: string, model?: string) => {
    const spans = replies.get(messageId);
    if (!spans) return;
    replies.delete(messageId);
    for (const span of [spans.stream, spans.reply]) {
      span.setAttributes({ 'neura.reply.outcome': outcome, ...(model ? { 'gen_ai.response.model': model } : {}) });
      if (outcome === 'failed') span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  };
  return (event: string, raw: unknown) => {
    const payload = (raw ?? {}) as Observed;
    if (event === 'message.created') {
      const m = payload.message;
      if (m?.role !== 'assistant' || m.status !== 'streaming' || replies.has(m.id)) return;
      const reply = tracer().startSpan('neura.reply', { attributes: { 'neura.message.id': m.id } });
      const stream = tracer().startSpan('neura.model.stream', {}, trace.setSpan(context.active(), reply));
      replies.set(m.id, { reply, stream });
    } else if (event === 'message.tool' && payload.call) {
      const call = payload.call;
      if (call.status === 'running') {
        if (tools.has(call.id)) return;
        const parent = payload.messageId ? replies.get(payload.messageId)?.stream : undefined;
        const ctx = parent ? trace.setSpan(context.active(), parent) : context.active();
        tools.set(
          call.id,
          tracer().startSpan(`neura.tool ${call.skill}`, { attributes: { 'neura.skill': call.skill } }, ctx),
        );
        return;
      }
      const span = tools.get(call.id);
      tools.delete(call.id);
      if (!span) return;
      span.setAttribute('neura.tool.outcome', call.status);
      if (call.status === 'failed') span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    } else if (event === 'message.done' && payload.message) {
      end(payload.message.id, payload.message.status === 'stopped' ? 'stopped' : 'complete', payload.message.model);
    } else if (event === 'message.error' && payload.messageId) {
      end(payload.messageId, 'failed');
    }
  };
}
