import type { Persona, ServerInfo } from '@neura/contract';
import { texts } from '../texts/texts';
import { AppError } from './app-error';

/**
 * Hand validation of the answers the first route reads (docs/PERFORMANCE.md "Bundle"): the full
 * zod schemas of the contract stay out of the entry chunk (zod there would cost ~26 KB gzip of the
 * 120 KB budget). Each guard checks the shape of its contract schema — every field, its JSON type,
 * null and absence — and leaves the server's own limits (lengths, integers, enum members) to the
 * server; guards-parity.test.ts holds each guard to its schema with fast-check. Lazy pages may
 * still pass a contract schema.
 * The checks are exported for the chat page, which builds no zod schema on open either
 * (chat/messages-parser.ts). Only what a visitor's Explore reads is here (this module lands in the
 * entry); the parsers of signed-in answers are in account-guards.ts, loaded with the code that asks.
 */
export interface Parser<T> {
  parse(data: unknown): T;
}

export type Check = (value: unknown) => boolean;

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const str: Check = (v) => typeof v === 'string';
export const num: Check = (v) => typeof v === 'number' && Number.isFinite(v);
export const bool: Check = (v) => typeof v === 'boolean';
export const oneOf =
  (...values: readonly string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v);
export const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined || check(v);
export const nullable =
  (check: Check): Check =>
  (v) =>
    v === null || check(v);
export const arrayOf =
  (check: Check): Check =>
  (v) =>
    Array.isArray(v) && v.every(check);
export const object =
  (fields: Record<string, Check>): Check =>
  (v) =>
    isRecord(v) && Object.entries(fields).every(([key, check]) => check(v[key]));

/** A parser from a check: the value as it came, or the client's "unknown" error when it does not fit. */
export function guard<T>(check: Check): Parser<T> {
  return {
    parse(data) {
      if (!check(data)) throw new AppError(texts.errors.unknown, 'unknown');
      return data as T;
    },
  };
}

export const serverInfoParser = guard<ServerInfo>(object({ message: str, version: str, supportedClientRange: str }));

const recordOf =
  (check: Check): Check =>
  (v) =>
    isRecord(v) && Object.values(v).every(check);
const translation = object({ name: optional(str), description: optional(str), greeting: optional(str) });

const persona = object({
  id: str,
  icon: str,
  name: str,
  description: str,
  cost: num,
  tags: arrayOf(str),
  published: bool,
  requiresPro: bool,
  includedSkills: arrayOf(str),
  greeting: optional(nullable(str)),
  tagline: optional(nullable(str)),
  suggestedPrompts: optional(arrayOf(str)),
  avatarUrl: optional(nullable(str)),
  custom: optional(bool),
  visibility: optional(str),
  translations: optional(recordOf(translation)),
});
export const personasParser = guard<Persona[]>(arrayOf(persona));
