/** The surcharge of a reply grounded on documents: DOCUMENT_PRICE_PER_1K_TOKENS per 1,000 passage tokens, rounded up; 0 = free. */
export const documentsPrice = (tokens: number, per1k: number): number =>
  per1k > 0 && tokens > 0 ? Math.ceil((tokens * per1k) / 1000) : 0;

/** Its ledger key: a reply's surcharge (`tool:<messageId>:…`), refunded with the reply and kept in its cost like a skill's. */
export const documentsChargeKey = (messageId: string) => `tool:${messageId}:documents`;
