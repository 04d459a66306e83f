import { describe, expect, it } from 'vitest';
import { CustomPersonaPricing, DEFAULT_CUSTOM_PERSONA_PRICE } from './pricing.js';

const pricing = (
  config: { CUSTOM_PERSONA_MODELS?: string | undefined; CUSTOM_PERSONA_PRICES?: string | undefined },
  console: Record<string, number> = {},
  defaultModel: string | null = 'llm:local',
) =>
  new CustomPersonaPricing(
    { CUSTOM_PERSONA_MODELS: undefined, CUSTOM_PERSONA_PRICES: undefined, ...config },
    { defaultModel: defaultModel ?? undefined },
    { prices: async () => new Map(Object.entries(console)) },
  );

describe('CustomPersonaPricing', () => {
  it('should offer the server’s default model when no list is configured, and nothing without a model', () => {
    expect(pricing({}).models).toEqual(['llm:local']);
    expect(pricing({}, {}, null).models).toEqual([]);
    expect(pricing({}, {}, null).defaultModel).toBeNull();
    expect(pricing({ CUSTOM_PERSONA_MODELS: 'openai:a, openai:b,openai:a' }).models).toEqual(['openai:a', 'openai:b']);
  });

  it('should price a model: the console over the config over `*` over the default', async () => {
    const p = pricing(
      { CUSTOM_PERSONA_MODELS: 'openai:a,openai:b,openai:c', CUSTOM_PERSONA_PRICES: '{"openai:a":5,"openai:b":6}' },
      { 'openai:b': 9 },
    );
    const rule = await p.rule();
    expect(rule('openai:a')).toEqual({ model: 'openai:a', price: 5, source: 'config' });
    expect(rule('openai:b')).toEqual({ model: 'openai:b', price: 9, source: 'console' });
    expect(rule('openai:c')).toEqual({ model: 'openai:c', price: DEFAULT_CUSTOM_PERSONA_PRICE, source: 'default' });
    const withAny = await pricing({ CUSTOM_PERSONA_PRICES: '{"*":3}' }, { '*': 4 }).rule();
    expect(withAny('llm:local')).toEqual({ model: 'llm:local', price: 4, source: 'console' });
    expect(withAny(null)).toEqual({ model: '*', price: 4, source: 'console' });
  });

  it('should label a model by its id without the provider', () => {
    expect(CustomPersonaPricing.label('openai:gpt-4o')).toBe('gpt-4o');
    expect(CustomPersonaPricing.label('plain')).toBe('plain');
  });
});
