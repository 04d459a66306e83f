import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmRegistry } from '../src/llm/registry.js';

async function readAll(registry: LlmRegistry, personaModel?: string): Promise<string> {
  const resolved = registry.getLanguageModel(personaModel);
  if (!resolved) throw new Error('no model');
  const result = streamText({ model: resolved.model, prompt: 'hi', onError: () => undefined });
  let text = '';
  for await (const part of result.fullStream) if (part.type === 'text-delta') text += part.text;
  return text;
}

describe('LlmRegistry', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ chunks: ['ok'] });
  });
  afterAll(() => fake.close());

  it('should have no model when nothing is configured', () => {
    expect(new LlmRegistry({}).configured).toBe(false);
    expect(new LlmRegistry({}).getLanguageModel('openai:gpt-4o')).toBeUndefined();
    expect(new LlmRegistry({ LLM_BASE_URL: fake.baseUrl }).configured).toBe(false);
  });

  it('should stream from an OpenAI-compatible server with LLM_MODEL', async () => {
    const registry = new LlmRegistry({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'local-model', LLM_API_KEY: 'k1' });
    expect(await readAll(registry)).toBe('ok');
    const last = fake.requests.at(-1);
    expect(last?.path).toBe('/v1/chat/completions');
    expect(last?.body).toMatchObject({ model: 'local-model', stream: true, stream_options: { include_usage: true } });
  });

  it('should use Chat Completions (not the Responses API) for OpenAI, and honour a persona model', async () => {
    const registry = new LlmRegistry({
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: 'default-model',
      OPENAI_API_KEY: 'sk-openai',
      OPENAI_BASE_URL: fake.baseUrl,
    });
    expect(await readAll(registry, 'openai:gpt-special')).toBe('ok');
    const last = fake.requests.at(-1);
    expect(last?.path).toBe('/v1/chat/completions');
    expect(last?.body.model).toBe('gpt-special');
    expect(last?.headers.authorization).toBe('Bearer sk-openai');
    // An unconfigured provider falls back to the default model.
    expect(registry.getLanguageModel('anthropic:claude-x')).toMatchObject({
      provider: 'llm',
      modelId: 'default-model',
    });
    expect(registry.getLanguageModel('openai-compatible:other')).toMatchObject({ provider: 'llm', modelId: 'other' });
  });

  it('should pick OpenAI, then Anthropic, when no OpenAI-compatible server is set', () => {
    expect(new LlmRegistry({ OPENAI_API_KEY: 'k' }).getLanguageModel()).toMatchObject({ provider: 'openai' });
    expect(new LlmRegistry({ ANTHROPIC_API_KEY: 'k' }).getLanguageModel()).toMatchObject({ provider: 'anthropic' });
  });
});
