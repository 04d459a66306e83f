import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { Config } from '../config.js';
import { chatCompletionsModel } from './chat-stream.js';

export type ProviderName = 'llm' | 'openai' | 'anthropic';

/** Default model ids when only a provider key is configured (LLM_MODEL overrides them). */
const DEFAULT_MODELS: Record<Exclude<ProviderName, 'llm'>, string> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
};

/** OpenAI's API when OPENAI_BASE_URL is not set (the SDK provider's default too). */
const OPENAI_URL = 'https://api.openai.com/v1';

/** `openai-compatible:` and `llm:` both name the LLM_BASE_URL server. */
const ALIASES: Record<string, ProviderName> = {
  'openai-compatible': 'llm',
  llm: 'llm',
  openai: 'openai',
  anthropic: 'anthropic',
};

export interface ResolvedModel {
  model: LanguageModel;
  provider: ProviderName;
  modelId: string;
}

type Factory = (modelId: string) => LanguageModel;

/**
 * The provider registry behind one `getLanguageModel()`: an OpenAI-compatible server
 * (LLM_BASE_URL + LLM_MODEL), OpenAI (OPENAI_API_KEY) and Anthropic (ANTHROPIC_API_KEY).
 * A persona's `provider:model` overrides the default when that provider is configured.
 */
export class LlmRegistry {
  private readonly factories = new Map<ProviderName, Factory>();
  /** Model objects are reused: each builds its response schemas once (costly per request otherwise). */
  private readonly models = new Map<string, LanguageModel>();
  private readonly fallback?: { provider: ProviderName; modelId: string };

  constructor(
    config: Partial<
      Pick<
        Config,
        | 'LLM_BASE_URL'
        | 'LLM_API_KEY'
        | 'LLM_MODEL'
        | 'OPENAI_API_KEY'
        | 'OPENAI_BASE_URL'
        | 'ANTHROPIC_API_KEY'
        | 'ANTHROPIC_BASE_URL'
      >
    >,
  ) {
    if (config.LLM_BASE_URL) {
      const provider = createOpenAICompatible({
        name: 'llm',
        baseURL: config.LLM_BASE_URL,
        apiKey: config.LLM_API_KEY,
        includeUsage: true,
      });
      // Replies stream through the lean reader (chat-stream.ts); the provider's model generates titles.
      const server = { baseURL: config.LLM_BASE_URL, apiKey: config.LLM_API_KEY };
      this.factories.set('llm', (id) => chatCompletionsModel(provider.chatModel(id), server));
    }
    if (config.OPENAI_API_KEY) {
      const provider = createOpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL });
      // Chat Completions through the same lean reader: the SDK's OpenAI provider fails a tool call
      // without `index` (Gemini's OpenAI-compatible endpoint behind OPENAI_BASE_URL) and reads none
      // of the fields other servers add; `.chat()` generates titles.
      const server = { baseURL: config.OPENAI_BASE_URL ?? OPENAI_URL, apiKey: config.OPENAI_API_KEY };
      this.factories.set('openai', (id) => chatCompletionsModel(provider.chat(id), server));
    }
    if (config.ANTHROPIC_API_KEY) {
      const provider = createAnthropic({ apiKey: config.ANTHROPIC_API_KEY, baseURL: config.ANTHROPIC_BASE_URL });
      this.factories.set('anthropic', (id) => provider(id));
    }
    if (this.factories.has('llm') && config.LLM_MODEL) this.fallback = { provider: 'llm', modelId: config.LLM_MODEL };
    else if (this.factories.has('openai'))
      this.fallback = { provider: 'openai', modelId: config.LLM_MODEL ?? DEFAULT_MODELS.openai };
    else if (this.factories.has('anthropic'))
      this.fallback = { provider: 'anthropic', modelId: config.LLM_MODEL ?? DEFAULT_MODELS.anthropic };
  }

  /** The default model as `provider:model` (undefined when none is configured). */
  get defaultModel(): string | undefined {
    return this.fallback ? `${this.fallback.provider}:${this.fallback.modelId}` : undefined;
  }

  /** True when at least a default model is configured. */
  get configured(): boolean {
    return this.fallback !== undefined;
  }

  /**
   * The model for a persona's `provider:model` (when that provider is configured), else the
   * default; undefined when no model is configured at all.
   */
  getLanguageModel(personaModel?: string | null): ResolvedModel | undefined {
    const wanted = parseModelRef(personaModel);
    const choice = wanted && this.factories.has(wanted.provider) ? wanted : this.fallback;
    if (!choice) return undefined;
    const factory = this.factories.get(choice.provider);
    if (!factory) return undefined;
    const key = `${choice.provider}:${choice.modelId}`;
    let model = this.models.get(key);
    if (!model) {
      model = factory(choice.modelId);
      this.models.set(key, model);
    }
    return { model, provider: choice.provider, modelId: choice.modelId };
  }
}

/** `provider:model` → its parts; undefined for an unknown provider or a malformed value. */
export function parseModelRef(value?: string | null): { provider: ProviderName; modelId: string } | undefined {
  if (!value) return undefined;
  const at = value.indexOf(':');
  if (at <= 0 || at === value.length - 1) return undefined;
  const provider = ALIASES[value.slice(0, at)];
  return provider ? { provider, modelId: value.slice(at + 1) } : undefined;
}
