import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FakeServer } from '@neura/test-kit/fakes/http';
import { type FakeOpenAI, startFakeOpenAI, toolScript } from '@neura/test-kit/fakes/openai';
import { startFakeSearxng } from '@neura/test-kit/fakes/searxng';
import { createPostgresDatabase, testDbKind } from '@neura/test-kit/server/database';
import { listenApp, type TestApp } from '@neura/test-kit/server/in-process';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startTracing, type Tracing } from '../src/system/tracing-sdk.js';
import { connected, doneFor, record, send } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

/** OpenTelemetry: the spans of one send, caught by an in-memory exporter. */
describe('tracing', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing | undefined;
  let t: TestApp;
  let model: FakeOpenAI;
  let searxng: FakeServer;
  let dir: string;
  let dropDb: (() => Promise<void>) | undefined;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    tracing = await startTracing({ serviceName: 'neura-test' }, new SimpleSpanProcessor(exporter));
    [model, searxng] = await Promise.all([startFakeOpenAI(), startFakeSearxng()]);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-trace-'));
    const pg = testDbKind() === 'postgres' ? await createPostgresDatabase() : undefined;
    dropDb = pg?.drop;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dir, 'no-web'),
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake',
      LLM_API_KEY: 'sk-fake',
      SEARXNG_URL: searxng.url,
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    });
    t = await listenApp(config, { tracing: true });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
    await dropDb?.();
    await Promise.all([model.close(), searxng.close()]);
    await tracing?.shutdown();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should not start without an endpoint', async () => {
    await expect(startTracing({ serviceName: 'neura' })).resolves.toBeUndefined();
  });

  it('should trace a send as one trace: admission, the model stream, each tool and the stored rows', async () => {
    const user = await t.seed.user({ credits: 50 });
    const chat = await t.seed.chat(user.id, 'scout');
    const socket = await connected(connectSocket(t.url, user.token));
    sockets.push(socket);
    const events = record(socket);
    model.setScript(
      toolScript({
        before: ['Looking.'],
        calls: [{ id: 'call_t', name: 'web_search', arguments: JSON.stringify({ query: 'traces' }) }],
        after: ['Found it.'],
      }),
    );
    exporter.reset();
    await send(socket, chat.id, 'search');
    expect((await doneFor(events, chat.id)).event).toBe('message.done');
    // The reply's row is written before message.done is sent, and its spans end as it is sent.

    const spans = exporter.getFinishedSpans();
    const send_ = spans.find((s) => s.name === 'socket sendMessage');
    expect(send_).toBeDefined();
    const traceId = send_?.spanContext().traceId;
    const inTrace = spans.filter((s) => s.spanContext().traceId === traceId);
    const byName = (name: string) => inTrace.filter((s) => s.name === name);
    const parentOf = (s: ReadableSpan | undefined) => s?.parentSpanContext?.spanId;

    const reply = byName('neura.reply')[0];
    const stream = byName('neura.model.stream')[0];
    const tool = byName('neura.tool web_search')[0];
    expect(parentOf(reply)).toBe(send_?.spanContext().spanId);
    expect(parentOf(stream)).toBe(reply?.spanContext().spanId);
    expect(parentOf(tool)).toBe(stream?.spanContext().spanId);
    expect(reply?.attributes['neura.reply.outcome']).toBe('complete');
    expect(tool?.attributes['neura.tool.outcome']).toBe('complete');
    // Admission and persistence: the charge and both messages inserted, the reply's row updated.
    const names = inTrace.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(['db insert messages', 'db insert credit_ledger', 'db update messages']),
    );
    // Nothing of the send is in another trace.
    expect(spans.filter((s) => s.name.startsWith('neura.')).every((s) => s.spanContext().traceId === traceId)).toBe(
      true,
    );
  });

  it('should trace HTTP routes by route pattern and status', async () => {
    exporter.reset();
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/chats/abc/messages' });
    expect(res.statusCode).toBe(401);
    const span = exporter.getFinishedSpans().find((s) => s.name.startsWith('HTTP GET'));
    expect(span?.name).toBe('HTTP GET /api/users/me/chats/:id/messages');
    expect(span?.attributes['http.response.status_code']).toBe(401);
    // Queries made while answering are its children.
    const children = exporter
      .getFinishedSpans()
      .filter((s) => s.parentSpanContext?.spanId === span?.spanContext().spanId);
    expect(children.every((s) => s.name.startsWith('db '))).toBe(true);
  });
});
