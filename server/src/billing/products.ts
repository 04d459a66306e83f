import { PRO_LIST_PRICE_USD, PRO_PRICE_USD, PRO_PRODUCT_ID, type ProductsResponse } from '@neura/contract';
import type { Config } from '../config.js';
import { toCents } from './present.js';
import type { Product } from './provider.js';

/** What is on sale: the configured credit packs and Pro (SPEC.md §9: 19.99, list 49.99, monthly). */
export class Catalog {
  constructor(private readonly config: Config) {}

  list(): ProductsResponse {
    return {
      provider: this.config.PAYMENTS,
      packs: this.config.CREDIT_PACKS.map((p) => ({ ...p })),
      pro: { price: PRO_PRICE_USD, listPrice: PRO_LIST_PRICE_USD, currency: 'usd', interval: 'month' },
    };
  }

  find(id: string): Product | undefined {
    if (id === PRO_PRODUCT_ID) {
      return {
        kind: 'pro',
        id: 'pro',
        name: 'Neura Pro',
        credits: 0,
        amountCents: toCents(PRO_PRICE_USD),
        currency: 'usd',
      };
    }
    const pack = this.config.CREDIT_PACKS.find((p) => p.id === id);
    if (!pack) return undefined;
    return {
      kind: 'pack',
      id: pack.id,
      name: `${pack.credits} Neura credits`,
      credits: pack.credits,
      amountCents: toCents(pack.price),
      currency: pack.currency,
    };
  }
}
