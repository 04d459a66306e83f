import fs from 'node:fs';
import path from 'node:path';
import type { FakeServer } from '@neura/test-kit/fakes/http';
import { type FakeOpenAI, startFakeOpenAI, toolScript } from '@neura/test-kit/fakes/openai';
import { startFakeSearxng } from '@neura/test-kit/fakes/searxng';
import { type FakeStripe, signedEvent, startFakeStripe } from '@neura/test-kit/fakes/stripe';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, doneFor, record, send } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

const TOKEN = 'metrics-token-0123456789';
const SECRET = 'whsec_test_metrics';

/** The samples of a Prometheus text exposition: name, labels, value. */
function parse(text: string) {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1] as string, labels, value: Number(match[3]) };
    });
}

/** The sum of the samples named `name` whose labels include `labels` (undefined when none). */
function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const samples = parse(text).filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return samples.length === 0 ? undefined : samples.reduce((sum, s) => sum + s.value, 0);
}

describe('metrics (GET /metrics)', () => {
  let t: TestApp;
  let model: FakeOpenAI;
  let searxng: FakeServer;
  let stripe: FakeStripe;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    [model, searxng, stripe] = await Promise.all([startFakeOpenAI(), startFakeSearxng(), startFakeStripe()]);
    t = await startTestApp({
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake',
      LLM_API_KEY: 'sk-fake',
      SEARXNG_URL: searxng.url,
      METRICS_TOKEN: TOKEN,
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_metrics',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: stripe.url,
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await Promise.all([model.close(), searxng.close(), stripe.close()]);
  });

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('should answer 401 without the bearer token or with a wrong one', async () => {
    for (const header of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(header);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('neura_');
    }
  });

  it('should count a send with a tool call, a refunded failure, webhooks and HTTP requests', async () => {
    const user = await t.seed.user({ credits: 50 });
    const chat = await t.seed.chat(user.id, 'scout');
    const socket = await connected(connectSocket(t.url, user.token));
    sockets.push(socket);
    const events = record(socket);

    model.setScript(
      toolScript({
        before: ['Let me ', 'look.'],
        calls: [{ id: 'call_m', name: 'web_search', arguments: JSON.stringify({ query: 'metrics' }) }],
        after: ['Found it, and here is a longer answer to time.'],
      }),
    );
    await send(socket, chat.id, 'search please');
    const done = await doneFor(events, chat.id);
    expect(done.event).toBe('message.done');
    const cost = done.payload.message.cost as number;
    expect(cost).toBeGreaterThan(0);

    events.length = 0;
    model.setScript({ status: 500 });
    await send(socket, chat.id, 'again');
    const failed = await doneFor(events, chat.id);
    expect(failed.event).toBe('message.error');
    // The refund is written before message.error is sent.

    // Webhooks: one applied, its redelivery, and one with a bad signature.
    const delivery = signedEvent(SECRET, 'customer.created', { id: 'cus_1', object: 'customer' });
    const deliver = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: delivery.payload,
      });
    expect((await deliver(delivery.signature)).statusCode).toBe(200);
    expect((await deliver(delivery.signature)).statusCode).toBe(200);
    expect((await deliver('t=1,v1=bad')).statusCode).toBe(400);

    await t.app.inject({ method: 'GET', url: `/api/users/me/chats/${chat.id}/messages`, headers: {} });

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;

    // HTTP by route pattern (never the raw url) and status, with a latency histogram.
    expect(
      sampleOf(text, 'neura_http_requests_total', { route: '/api/users/me/chats/:id/messages', status: '401' }),
    ).toBe(1);
    expect(sampleOf(text, 'neura_http_requests_total', { route: '/api/billing/webhook', status: '200' })).toBe(2);
    expect(
      sampleOf(text, 'neura_http_request_duration_seconds_count', { route: '/api/billing/webhook', status: '400' }),
    ).toBe(1);
    expect(text).not.toContain(chat.id);
    // Sockets and replies.
    expect(sampleOf(text, 'neura_sockets_connected', { namespace: 'session' })).toBe(1);
    expect(sampleOf(text, 'neura_replies_streaming')).toBe(0);
    expect(sampleOf(text, 'neura_replies_total', { outcome: 'complete' })).toBe(1);
    expect(sampleOf(text, 'neura_replies_total', { outcome: 'failed' })).toBe(1);
    expect(sampleOf(text, 'neura_replies_refunded_total', { reason: 'llm:failed' })).toBe(1);
    expect(sampleOf(text, 'neura_reply_first_token_seconds_count')).toBe(1);
    expect(sampleOf(text, 'neura_reply_tokens_per_second_count')).toBe(1);
    expect(parse(text).find((s) => s.name === 'neura_reply_first_token_seconds_count')?.labels.model).toBeTruthy();
    // The tool call, with its latency.
    expect(sampleOf(text, 'neura_tool_calls_total', { skill: 'web_search', outcome: 'complete' })).toBe(1);
    expect(sampleOf(text, 'neura_tool_call_duration_seconds_count', { skill: 'web_search', outcome: 'complete' })).toBe(
      1,
    );
    // Credits: two charged messages, the failed one's refund, the seed grant.
    expect(sampleOf(text, 'neura_credits_charged_total', { reason: 'message' })).toBe(2 * cost);
    expect(sampleOf(text, 'neura_credits_granted_total', { reason: 'refund:llm:failed' })).toBe(cost);
    expect(sampleOf(text, 'neura_credits_granted_total')).toBeGreaterThanOrEqual(50 + cost);
    // Webhooks by type and outcome.
    expect(sampleOf(text, 'neura_webhook_events_total', { type: 'customer.created', outcome: 'applied' })).toBe(1);
    expect(sampleOf(text, 'neura_webhook_events_total', { type: 'customer.created', outcome: 'duplicate' })).toBe(1);
    expect(sampleOf(text, 'neura_webhook_events_total', { type: 'unknown', outcome: 'invalid' })).toBe(1);
    // The event loop and the dependencies.
    expect(sampleOf(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleOf(text, 'neura_dependency_errors_total', { dependency: 'database' })).toBe(0);
    expect(sampleOf(text, 'neura_dependency_errors_total', { dependency: 'redis' })).toBe(0);

    // The sample Grafana dashboard only asks for series this scrape has.
    const dashboard = fs.readFileSync(path.join(import.meta.dirname, '../../docs/grafana-dashboard.json'), 'utf8');
    const asked = new Set(dashboard.match(/\b(neura|nodejs|process)_[a-z0-9_]+/g));
    const served = new Set(parse(text).map((s) => s.name));
    expect([...asked].filter((name) => !served.has(name))).toEqual([]);
  });
});

describe('metrics on METRICS_PORT', () => {
  it('should serve /metrics on a loopback port only, not on the app', async () => {
    const t = await startTestApp({ METRICS_PORT: '0' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const port = t.metricsPort;
      expect(port).toBeGreaterThan(0);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('neura_http_requests_total');
    } finally {
      await t.stop();
    }
  });

  it('should not serve /metrics at all when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const t = await startTestApp();
    try {
      expect(t.metrics).toBeUndefined();
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.stop();
    }
  });
});
