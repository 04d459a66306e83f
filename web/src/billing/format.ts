import { formatDay, formatDayTime, formatMoney } from '../texts/format';

/** Prices and dates of the billing pages, in the active locale (issue #43). */
export function money(amount: number, currency = 'usd'): string {
  return formatMoney(amount, currency);
}

/** A price per credit with enough digits to compare packs (e.g. $0.0499 → "$0.050"). */
export function pricePerCredit(price: number, credits: number, currency = 'usd'): string {
  return formatMoney(price / credits, currency, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
}

export const day = (iso: string): string => formatDay(iso);
export const dayTime = (iso: string): string => formatDayTime(iso);
