import type { Locale } from '@neura/contract';

/** One language's texts of a built-in persona. */
export interface SeedTranslation {
  name?: string;
  description?: string;
  greeting?: string;
}

/**
 * The built-in personas' names, descriptions and greetings in the other languages (issue #43), by
 * persona id as in seed-data.ts. A translation stored on the row (the console) wins over these.
 */
export const seedTranslations: Record<string, Partial<Record<Locale, SeedTranslation>>> = {};
