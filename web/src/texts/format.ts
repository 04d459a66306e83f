/**
 * The active locale and `Intl` formatting in it (issue #43). The i18n runtime sets the locale
 * before the app renders and on every change; everything formats dates, numbers and prices here.
 * Formatters are built on first use and kept per locale and options (the first `Intl` formatter of a
 * page loads the locale's data, tens of milliseconds on a phone).
 */
let active = 'en-US';

/** The locale the interface is shown in (`en-US` until the runtime chose one). */
export const currentLocale = (): string => active;

/** Only the i18n runtime calls this. */
export function setCurrentLocale(locale: string): void {
  active = locale;
}

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function memo<T extends Intl.DateTimeFormat | Intl.NumberFormat>(kind: string, options: object, make: () => T): T {
  const key = `${kind}|${active}|${JSON.stringify(options)}`;
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

export const dateFormat = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  memo('date', options, () => new Intl.DateTimeFormat(active, options));

export const numberFormat = (options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  memo('number', options, () => new Intl.NumberFormat(active, options));

/** A whole number as the locale writes it (1,234 · 1.234 · ١٬٢٣٤). */
export const formatNumber = (n: number): string => numberFormat().format(n);

/** A date (`medium`: Nov 28, 2026 · 28.11.2026 · 2026/11/28). */
export const formatDay = (iso: string | number | Date): string =>
  dateFormat({ dateStyle: 'medium' }).format(new Date(iso));

/** A date and time. */
export const formatDayTime = (iso: string | number | Date): string =>
  dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** An amount of money in `currency` (ISO 4217, any case). */
export const formatMoney = (amount: number, currency = 'usd', options: Intl.NumberFormatOptions = {}): string =>
  numberFormat({ style: 'currency', currency: currency.toUpperCase(), ...options }).format(amount);
