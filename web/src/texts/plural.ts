/** The plural forms of one message, by the CLDR categories `Intl.PluralRules` selects (ICU's `plural`). */
export interface PluralForms {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

/**
 * The form of `forms` that `locale`'s plural rules pick for `n`, with every `#` replaced by `n`
 * formatted in that locale (as ICU's `{n, plural, one {# credit} other {# credits}}`).
 */
export function plural(locale: string, n: number, forms: PluralForms): string {
  const category = new Intl.PluralRules(locale).select(n) as keyof PluralForms;
  const form = forms[category] ?? forms.other;
  return form.replaceAll('#', new Intl.NumberFormat(locale).format(n));
}
