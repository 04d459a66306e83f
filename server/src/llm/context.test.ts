import { describe, expect, it } from 'vitest';
import { stepsOf } from '../conversation/attachment-context.js';
import { approxTokens, buildContext, type HistoryMessage, MAX_TOOL_RESULT_CHARS } from './context.js';
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

describe('buildContext: earlier tool calls and their results', () => {
  const forecast = { days: [{ date: '2026-11-25', windKph: 30 }] };
  const history: HistoryMessage[] = [
    { role: 'user', content: 'Weather in Oslo?' },
    {
      role: 'assistant',
      content: 'Checking.\n\nIt will be windy.',
      note: '[Made: image f1 from generate_image]',
      steps: stepsOf([
        { type: 'text', text: 'Checking.' },
        {
          type: 'tool',
          id: 'c1',
          skill: 'forecast_weather',
          status: 'complete',
          input: { place: 'Oslo' },
          output: forecast,
        },
        {
          type: 'tool',
          id: 'c2',
          skill: 'generate_image',
          status: 'complete',
          input: { prompt: 'wind' },
          output: { fileId: 'f1', url: '/files/f1?sig=x', width: 64, height: 32, mimeType: 'image/png' },
        },
        {
          type: 'tool',
          id: 'c3',
          skill: 'web_search',
          status: 'failed',
          input: { query: 'q' },
          output: { error: 'The search service took too long to answer.' },
        },
        { type: 'text', text: 'It will be windy.' },
      ] as never),
    },
    { role: 'user', content: "And tomorrow's wind?" },
  ];

  it('should give the model each call and its result (files as their notes, failures as errors)', () => {
    const context = buildContext('sys', history, 10_000, { tools: true });
    expect(context).toEqual([
      { role: 'user', content: 'Weather in Oslo?' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'forecast_weather', input: { place: 'Oslo' } },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'generate_image', input: { prompt: 'wind' } },
          { type: 'tool-call', toolCallId: 'c3', toolName: 'web_search', input: { query: 'q' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'forecast_weather',
            output: { type: 'text', value: JSON.stringify(forecast) },
          },
          {
            type: 'tool-result',
            toolCallId: 'c2',
            toolName: 'generate_image',
            output: { type: 'text', value: '[Made: image f1 (64×32) from generate_image]' },
          },
          {
            type: 'tool-result',
            toolCallId: 'c3',
            toolName: 'web_search',
            output: { type: 'error-text', value: 'The search service took too long to answer.' },
          },
        ],
      },
      { role: 'assistant', content: 'It will be windy.' },
      { role: 'user', content: "And tomorrow's wind?" },
    ]);
  });

  it('should put the results in a note when this request offers no tools', () => {
    const context = buildContext('sys', history, 10_000);
    expect(context).toHaveLength(3);
    expect(String(context[1]?.content)).toContain('forecast_weather {"place":"Oslo"} → {"days"');
  });

  it('should trim a long result and fall back to the plain text when the calls do not fit', () => {
    const long: HistoryMessage[] = [
      history[0] as HistoryMessage,
      {
        role: 'assistant',
        content: 'Read it.',
        steps: [
          {
            text: '',
            calls: [
              { id: 'r', name: 'read_url', input: { url: 'https://a.io' }, ok: true, result: 'x'.repeat(50_000) },
            ],
          },
          { text: 'Read it.', calls: [] },
        ],
      },
      history[2] as HistoryMessage,
    ];
    const roomy = buildContext('', long, 10_000, { tools: true });
    const result = roomy.find((m) => m.role === 'tool');
    expect(JSON.stringify(result).length).toBeLessThan(MAX_TOOL_RESULT_CHARS + 500);
    const tight = buildContext('', long, 200, { tools: true });
    expect(tight.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(tight[1]?.content).toBe('Read it.');
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
