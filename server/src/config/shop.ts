import { type CreditPack, creditPackSchema } from '@neura/contract';
import { z } from 'zod';
import { ConfigError } from './fields.js';

/** The shop's settings that are JSON: the credit packs on sale and the token prices per model. */

/** The packs of ARCHITECTURE.md §3 (CREDIT_PACKS overrides them). */
export const DEFAULT_CREDIT_PACKS: CreditPack[] = [
  { id: 'starter', credits: 100, price: 4.99, currency: 'usd' },
  { id: 'plus', credits: 550, price: 19.99, currency: 'usd' },
  { id: 'max', credits: 1500, price: 49.99, currency: 'usd' },
];

export function parseCreditPacks(json: string | undefined): CreditPack[] {
  if (json === undefined) return DEFAULT_CREDIT_PACKS;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new ConfigError(
      'Invalid configuration:\n  CREDIT_PACKS: must be JSON, e.g. [{"id":"starter","credits":100,"price":4.99}]',
    );
  }
  const packs = z.array(creditPackSchema).min(1).safeParse(value);
  if (!packs.success) {
    const lines = packs.error.issues.map((i) => `  CREDIT_PACKS.${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const ids = packs.data.map((p) => p.id);
  if (new Set(ids).size !== ids.length)
    throw new ConfigError('Invalid configuration:\n  CREDIT_PACKS: pack ids must be unique');
  return packs.data;
}

/** A model's token prices (per million tokens, in the shop's currency). */
export interface ConfiguredModelPrice {
  model: string;
  inputPerMTok: number;
  outputPerMTok: number;
}

const MODEL_PRICES_EXAMPLE = '{"openai:gpt-4o-mini":{"input":0.15,"output":0.6}}';

export function parseModelPrices(json: string | undefined): ConfiguredModelPrice[] {
  if (json === undefined) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new ConfigError(`Invalid configuration:\n  MODEL_PRICES: must be JSON, e.g. ${MODEL_PRICES_EXAMPLE}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(
      `Invalid configuration:\n  MODEL_PRICES: must be a JSON object, e.g. ${MODEL_PRICES_EXAMPLE}`,
    );
  }
  const price = z.number().min(0).max(10_000);
  const prices = z.record(z.string().min(1).max(200), z.strictObject({ input: price, output: price })).safeParse(value);
  if (!prices.success) {
    const lines = prices.error.issues.map((i) => `  MODEL_PRICES.${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return Object.entries(prices.data).map(([model, p]) => ({ model, inputPerMTok: p.input, outputPerMTok: p.output }));
}
