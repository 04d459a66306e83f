import { LOCALE_NAMES, LOCALES, type Locale } from '@neura/contract';
import { useState } from 'react';
import { chooseLocale } from '../i18n/choose';
import { localTexts } from '../i18n/local-texts';
import { useLocale } from '../i18n/locale-root';
import { languageTexts } from '../texts/languages';
import { Field } from '../ui/field';
import { showToast } from '../ui/toast-store';
import { SettingsSection } from './settings-row';

/** Settings › Language (issue #43): every language named in itself; signed in, saved on the account. */
export function LanguageSection() {
  const active = useLocale();
  const locale: Locale = (LOCALES as readonly string[]).includes(active) ? (active as Locale) : 'en-US';
  const t = localTexts(languageTexts);
  const [pending, setPending] = useState(false);

  const choose = (next: Locale) => {
    setPending(true);
    chooseLocale(next)
      .catch(() => showToast({ severity: 'error', message: languageTexts[next].saveFailed }))
      .finally(() => setPending(false));
  };

  return (
    <SettingsSection title={t.section}>
      <Field label={t.label} hint={t.hint} className="px-4 py-3">
        {(control) => (
          <select
            {...control}
            className="mt-1 rounded-lg border border-border bg-surface-3 px-3 py-2"
            value={locale}
            disabled={pending}
            onChange={(e) => choose(e.target.value as Locale)}
            data-testid="language-select"
          >
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LOCALE_NAMES[l].native}
              </option>
            ))}
          </select>
        )}
      </Field>
    </SettingsSection>
  );
}
