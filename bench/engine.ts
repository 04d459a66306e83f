/**
 * CPU cost per token of the reply engine's model loop, old against new, in one process: the AI
 * SDK's `streamText` (what the reply engine used before issue #15) and the engine's own step loop
 * over the provider's `doStream()` (server/src/llm/step-loop.ts), reading the same
 * fake OpenAI-compatible stream (test-kit, SSE over loopback HTTP, no delay between tokens); and
 * the step loop on the lean stream reader (server/src/llm/chat-stream.ts: our own SSE parser
 * instead of the provider's web-stream pipeline with a zod check per chunk).
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

async function viaStreamText(): Promise<number> {
  let n = 0;
  const result = streamText({ model, system: 'You are a bench.', messages, maxRetries: 1, onError: () => undefined });
  for await (const part of result.fullStream) if (part.type === 'text-delta' && part.text) n++;
  return n;
}

async function viaSteps(on: typeof model = providerModel): Promise<number> {
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
  // Alternated, so both see the same machine.
  const viaLean = () => viaSteps(model);
  const old1 = await measure(viaStreamText);
  const steps1 = await measure(() => viaSteps());
  const lean1 = await measure(viaLean);
  const old2 = await measure(viaStreamText);
  const steps2 = await measure(() => viaSteps());
  const lean2 = await measure(viaLean);
  const old = Math.min(old1, old2);
  const steps = Math.min(steps1, steps2);
  const lean = Math.min(lean1, lean2);
  report(
    [
      `${TOKENS} tokens per reply, median of ${ROUNDS} replies, best of two alternated passes; CPU µs per token (this process: model loop + the fake model's writes + SSE parsing); load average after ${loadAverage()}.`,
      '',
      '| model loop | CPU per token |',
      '| --- | ---: |',
      `| AI SDK \`streamText\` (\`fullStream\`), before | ${old.toFixed(1)} µs |`,
      `| own step loop over the provider's \`doStream()\` | ${steps.toFixed(1)} µs |`,
      `| own step loop over the lean stream reader (\`llm/chat-stream.ts\`), now | ${lean.toFixed(1)} µs |`,
      '',
      `Saved: ${(old - lean).toFixed(1)} µs per token against \`streamText\` (${((1 - lean / old) * 100).toFixed(0)} %).`,
    ].join('\n'),
  );
} finally {
  await fake.close();
}
