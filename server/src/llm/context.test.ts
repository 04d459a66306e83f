import { describe, expect, it } from 'vitest';
import { approxTokens, buildContext } from './context.js';
import { parseModelRef } from './registry.js';

describe('buildContext', () => {
  it('should keep the newest messages that fit the budget, oldest first', () => {
    const history = Array.from({ length: 10 }, (_, i) => ({
      role: (i % 2 === 0 ? 'user' : 'assistant') as 'user' | 'assistant',
      content: `${i}`.padEnd(40, 'x'),
    }));
    const context = buildContext('s'.repeat(40), history, 10 + 4 * 10);
    expect(context.map((m) => String(m.content)[0])).toEqual(['6', '7', '8', '9']);
  });

  it('should start with a user message and skip system notices', () => {
    const context = buildContext(
      'sys',
      [
        { role: 'assistant', content: 'hello' },
        { role: 'system', content: 'No model is configured' },
        { role: 'user', content: 'hi' },
      ],
      1000,
    );
    expect(context).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('should cut an over-long newest message to the budget instead of dropping it', () => {
    const context = buildContext('', [{ role: 'user', content: 'a'.repeat(4000) }], 300);
    expect(context).toHaveLength(1);
    expect(approxTokens(String(context[0]?.content))).toBeLessThanOrEqual(300);
  });
});

describe('parseModelRef', () => {
  it('should read provider:model with aliases', () => {
    expect(parseModelRef('openai-compatible:qwen:7b')).toEqual({ provider: 'llm', modelId: 'qwen:7b' });
    expect(parseModelRef('anthropic:claude-x')).toEqual({ provider: 'anthropic', modelId: 'claude-x' });
    expect(parseModelRef('mystery:model')).toBeUndefined();
    expect(parseModelRef('openai:')).toBeUndefined();
    expect(parseModelRef(null)).toBeUndefined();
  });
});
