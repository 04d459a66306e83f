const locale = 'en-US';

// Built on first use, once: the first Intl.DateTimeFormat of a page loads the locale's data (tens of
// milliseconds on a phone), which a module that is only imported should not pay.
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

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

export const day = (iso: string): string => {
  dateFormat ??= new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return dateFormat.format(new Date(iso));
};
export const dayTime = (iso: string): string => {
  dateTimeFormat ??= new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return dateTimeFormat.format(new Date(iso));
};
