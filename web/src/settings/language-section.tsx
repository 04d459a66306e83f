import { LOCALE_NAMES, LOCALES, type Locale } from '@neura/contract';
import { useState } from 'react';
import { chooseLocale } from '../i18n/choose';
import { localTexts } from '../i18n/local-texts';
import { useLocale } from '../i18n/locale-root';
import { languageTexts } from '../texts/languages';
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
      <label className="flex flex-col gap-1 px-4 py-3">
        <span className="font-medium">{t.label}</span>
        <span className="text-sm text-muted">{t.hint}</span>
        <select
          className="mt-2 rounded-lg border border-border bg-surface-3 px-3 py-2"
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
      </label>
    </SettingsSection>
  );
}
