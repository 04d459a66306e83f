const locale = 'en-US';

const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

export function money(amount: number, currency = 'usd'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(amount);
}

/** A price per credit with enough digits to compare packs (e.g. $0.0499 → "$0.050"). */
export function pricePerCredit(price: number, credits: number, currency = 'usd'): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  }).format(price / credits);
}

export const day = (iso: string): string => dateFormat.format(new Date(iso));
export const dayTime = (iso: string): string => dateTimeFormat.format(new Date(iso));
