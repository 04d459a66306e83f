/**
 * The fake OpenAI-compatible model of bench/relay.ts, in a process of its own (forked by relay.ts):
 * `POST /v1/chat/completions` with `stream: true` answers RELAY_TOKENS chunks RELAY_TOKEN_GAP_MS
 * apart as SSE, in OpenAI's chunk format (role chunk, content chunks, finish chunk, usage, [DONE]);
 * `stream: false` (chat titles) answers one completion. The first content chunk carries the
 * machine-wide clock reading taken right before it is written, the last one too (relay-shared.ts),
 * so the load generators time "model's first token → first `message.delta`" themselves; the first
 * token also carries when the request arrived (bench/admission.ts: a send → the model asked).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { askedStamp, clockMs, type FromModel, firstStamp, lastStamp, loopLag, type ToModel } from './relay-shared.js';

const TOKENS = Number(process.env.RELAY_TOKENS ?? 20);
const GAP_MS = Number(process.env.RELAY_TOKEN_GAP_MS ?? 20);
/** A wait before the first token (0: at once), e.g. to see a burst's setups alone (bench/admission.ts). */
const FIRST_DELAY_MS = Number(process.env.RELAY_FIRST_DELAY_MS ?? 0);
const lag = loopLag();
let cpuBase = process.cpuUsage();
/** Streams open now, and the most open at once since the last reset (the concurrency a level reached). */
let open = 0;
let peak = 0;
const send = (message: FromModel) => process.send?.(message);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const server = http.createServer(async (req, res) => {
  // The request has arrived (its headers read): the moment the app asked the model.
  const asked = clockMs();
  const raw: Buffer[] = [];
  for await (const chunk of req) raw.push(chunk as Buffer);
  const body = JSON.parse(Buffer.concat(raw).toString('utf8') || '{}') as { stream?: boolean; model?: string };
  const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
  const created = Math.floor(Date.now() / 1000);
  const model = String(body.model ?? 'fake');
  if (body.stream !== true) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: 'Bench' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 },
      }),
    );
    return;
  }
  let closed = false;
  open++;
  peak = Math.max(peak, open);
  res.on('close', () => {
    closed = true;
    open--;
  });
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
  const write = (data: unknown) => res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    write({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
  chunk({ role: 'assistant', content: '' });
  if (FIRST_DELAY_MS > 0) await sleep(FIRST_DELAY_MS);
  for (let i = 0; i < TOKENS; i++) {
    if (i > 0) await sleep(GAP_MS);
    if (closed) return;
    const text = i === 0 ? `${askedStamp(asked)}${firstStamp(clockMs())}tok0 ` : `tok${i} `;
    // The last token's stamp is read just before its write, as the first one's.
    chunk({ content: i === TOKENS - 1 ? `${text}${lastStamp(clockMs())}` : text });
  }
  chunk({}, 'stop');
  write({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [],
    usage: { prompt_tokens: 10, completion_tokens: TOKENS, total_tokens: 10 + TOKENS },
  });
  write('[DONE]');
  res.end();
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  send({ type: 'listening', baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` });
});
process.on('message', (message: ToModel) => {
  if (message.type === 'lag-reset') {
    lag.reset();
    cpuBase = process.cpuUsage();
    peak = open;
  } else if (message.type === 'lag') {
    const cpu = process.cpuUsage(cpuBase);
    send({ type: 'lag', lag: lag.figures(), cpuUs: cpu.user + cpu.system, peakStreams: peak });
  } else if (message.type === 'clock') send({ type: 'clock', clock: clockMs() });
});
process.on('disconnect', () => process.exit(0));
