/**
 * CPU cost per token of the reply engine's model loop, in one process, reading the same fake
 * OpenAI-compatible stream (test-kit, SSE over loopback HTTP, no delay between tokens): the AI
 * SDK's `streamText` over the SDK's own OpenAI-compatible provider; `streamText` over the lean
 * Chat Completions provider (server/src/llm/chat-stream.ts: our own SSE parser instead of the SDK
 * provider's web-stream pipeline with a zod check per chunk); and the reply engine's `streamSteps`
 * (server/src/llm/step-loop.ts, the adapter over `streamText` since issue #39) on the lean provider.
 * CPU time (user + system) rather than wall time, so a busy machine changes the figure less;
 * the fake model runs in this process too and costs the same in both rows.
 */

import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { streamText } from 'ai';
import { LlmRegistry } from '../server/src/llm/registry.js';
import { streamSteps } from '../server/src/llm/step-loop.js';
import { loadAverage, report } from './lib/report.js';

const TOKENS = Number(process.env.ENGINE_TOKENS ?? 2000);
const ROUNDS = Number(process.env.ENGINE_ROUNDS ?? 5);

const fake = await startFakeOpenAI({ chunks: Array.from({ length: TOKENS }, (_, i) => `tok${i} `), delayMs: 0 });
const resolved = new LlmRegistry({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake' }).getLanguageModel();
if (!resolved) throw new Error('no model');
/** The provider's own model object, without the lean reader (what the step loop used at first). */
const providerModel = createOpenAICompatible({ name: 'llm', baseURL: fake.baseUrl, includeUsage: true }).chatModel(
  'fake',
);
const model = resolved.model;
const messages = [{ role: 'user' as const, content: 'Hello' }];

async function viaStreamText(on: typeof model): Promise<number> {
  let n = 0;
  const result = streamText({
    model: on,
    system: 'You are a bench.',
    messages,
    maxRetries: 1,
    onError: () => undefined,
  });
  for await (const part of result.fullStream) if (part.type === 'text-delta' && part.text) n++;
  return n;
}

async function viaSteps(on: typeof model): Promise<number> {
  let n = 0;
  await streamSteps(
    {
      model: on,
      system: 'You are a bench.',
      messages,
      maxSteps: 1,
      maxRetries: 1,
      signal: new AbortController().signal,
      idleTimeoutMs: 60_000,
    },
    { text: () => void n++, toolCall: () => undefined, toolResult: () => undefined, toolError: () => undefined },
  );
  return n;
}

async function measure(run: () => Promise<number>) {
  await run(); // warm-up
  const samples: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const before = process.cpuUsage();
    const n = await run();
    const used = process.cpuUsage(before);
    if (n !== TOKENS) throw new Error(`read ${n} tokens, expected ${TOKENS}`);
    samples.push((used.user + used.system) / n);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] as number;
}

try {
  // Alternated, so all see the same machine.
  const rows = {
    provider: () => viaStreamText(providerModel),
    lean: () => viaStreamText(model),
    steps: () => viaSteps(model),
  };
  const best: Record<keyof typeof rows, number> = { provider: Infinity, lean: Infinity, steps: Infinity };
  for (let pass = 0; pass < 2; pass++)
    for (const [name, run] of Object.entries(rows)) {
      const key = name as keyof typeof rows;
      best[key] = Math.min(best[key], await measure(run));
    }
  report(
    [
      `${TOKENS} tokens per reply, median of ${ROUNDS} replies, best of two alternated passes; CPU µs per token (this process: model loop + the fake model's writes + SSE parsing); load average after ${loadAverage()}.`,
      '',
      '| model loop | CPU per token |',
      '| --- | ---: |',
      `| \`streamText\` over the SDK's OpenAI-compatible provider | ${best.provider.toFixed(1)} µs |`,
      `| \`streamText\` over the lean provider (\`llm/chat-stream.ts\`) | ${best.lean.toFixed(1)} µs |`,
      `| \`streamSteps\` (the engine's adapter over \`streamText\`) on the lean provider, now | ${best.steps.toFixed(1)} µs |`,
      '',
      `The lean provider saves ${(best.provider - best.lean).toFixed(1)} µs per token against the SDK's (${((1 - best.lean / best.provider) * 100).toFixed(0)} %).`,
    ].join('\n'),
  );
} finally {
  await fake.close();
}
