import type { Config } from '../config.js';
import type { Executor } from '../db/database.js';
import type { LlmRegistry } from '../llm/registry.js';
import type { CustomPersonaRepository } from './repository.js';

/** A custom persona's price per message when neither the config nor the console names one. */
export const DEFAULT_CUSTOM_PERSONA_PRICE = 2;
/** The price key for every model without a price of its own. */
export const ANY_MODEL = '*';

export interface ModelPrice {
  model: string;
  price: number;
  /** Where the price comes from: the console, `CUSTOM_PERSONA_PRICES`, or the built-in default. */
  source: 'console' | 'config' | 'default';
}

/**
 * The operator's model list and price rule for custom personas: `CUSTOM_PERSONA_MODELS` (else the
 * server's default model), `CUSTOM_PERSONA_PRICES`, and the console's prices over both.
 */
export class CustomPersonaPricing {
  readonly models: string[];
  private readonly configured: Record<string, number>;

  constructor(
    config: Pick<Config, 'CUSTOM_PERSONA_MODELS' | 'CUSTOM_PERSONA_PRICES'>,
    llm: Pick<LlmRegistry, 'defaultModel'>,
    private readonly repository: Pick<CustomPersonaRepository, 'prices'>,
  ) {
    const listed = config.CUSTOM_PERSONA_MODELS?.split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    const fallback = llm.defaultModel;
    this.models = [...new Set(listed ?? (fallback ? [fallback] : []))];
    this.configured = config.CUSTOM_PERSONA_PRICES
      ? (JSON.parse(config.CUSTOM_PERSONA_PRICES) as Record<string, number>)
      : {};
  }

  /** The default model of a new persona (the first allowed one; null when there are none). */
  get defaultModel(): string | null {
    return this.models[0] ?? null;
  }

  /** `provider:model` → a short label for the builder (the model's own id). */
  static label(model: string): string {
    const at = model.indexOf(':');
    return at > 0 ? model.slice(at + 1) : model;
  }

  /** The price rule as it stands (console over config over the default). */
  async rule(trx?: Executor): Promise<(model: string | null) => ModelPrice> {
    const overrides = await this.repository.prices(trx);
    return (model) => {
      const key = model ?? ANY_MODEL;
      const own = overrides.get(key) ?? this.configured[key];
      if (own !== undefined) return { model: key, price: own, source: overrides.has(key) ? 'console' : 'config' };
      const any = overrides.get(ANY_MODEL) ?? this.configured[ANY_MODEL];
      if (any !== undefined) return { model: key, price: any, source: overrides.has(ANY_MODEL) ? 'console' : 'config' };
      return { model: key, price: DEFAULT_CUSTOM_PERSONA_PRICE, source: 'default' };
    };
  }

  async priceOf(model: string | null): Promise<number> {
    return (await this.rule())(model).price;
  }

  /** Every allowed model and `*` with its price (the console's table). */
  async table(): Promise<ModelPrice[]> {
    const rule = await this.rule();
    return [...this.models, ANY_MODEL].map((m) => rule(m));
  }
}
