import { CUSTOM_PERSONA_LIMITS, LOCALE_NAMES } from '@neura/contract';
import { creatorTexts as t } from '../texts/creator';
import { Field, inputClass } from '../ui/field';
import { type FieldErrors, TRANSLATION_LOCALES, type TranslationValues } from './form-model';

/**
 * The persona's name and description in each translated locale (issue #43), all optional: shown to
 * people using Neura in that language; empty fields fall back to the texts above. Folded by default.
 */
export function TranslationsField({
  value,
  errors,
  onChange,
}: {
  value: Record<string, TranslationValues>;
  errors: FieldErrors;
  onChange: (value: Record<string, TranslationValues>) => void;
}) {
  const change = (locale: string, key: 'name' | 'description', text: string) => {
    const current = value[locale] ?? { name: '', description: '' };
    onChange({ ...value, [locale]: { ...current, [key]: text } });
  };
  const error = errors.translations;
  const filled = TRANSLATION_LOCALES.some((l) => value[l]?.name || value[l]?.description);
  return (
    <details className="rounded-xl border border-border px-3 py-2" open={filled || Boolean(error)}>
      <summary className="cursor-pointer py-1 text-sm font-medium">{t.builder.translations}</summary>
      <p className="mt-1 text-xs text-muted">{t.builder.translationsHint}</p>
      {error ? (
        <p className="mt-1 text-sm text-danger" data-testid="error-persona-translations">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-col gap-4" data-testid="persona-translations">
        {TRANSLATION_LOCALES.map((locale) => {
          const language = LOCALE_NAMES[locale].native;
          const tr = value[locale];
          return (
            <div key={locale} className="flex flex-col gap-2" lang={locale}>
              <Field id={`persona-translation-${locale}-name`} label={t.builder.translationName(language)}>
                {(control) => (
                  <input
                    {...control}
                    value={tr?.name ?? ''}
                    maxLength={CUSTOM_PERSONA_LIMITS.name}
                    onChange={(ev) => change(locale, 'name', ev.target.value)}
                    className={`${inputClass} border-border`}
                    autoComplete="off"
                  />
                )}
              </Field>
              <Field
                id={`persona-translation-${locale}-description`}
                label={t.builder.translationDescription(language)}
              >
                {(control) => (
                  <textarea
                    {...control}
                    value={tr?.description ?? ''}
                    rows={2}
                    maxLength={CUSTOM_PERSONA_LIMITS.description}
                    onChange={(ev) => change(locale, 'description', ev.target.value)}
                    className={`${inputClass} border-border`}
                  />
                )}
              </Field>
            </div>
          );
        })}
      </div>
    </details>
  );
}
