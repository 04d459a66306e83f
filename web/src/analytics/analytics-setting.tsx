import { SettingsSection } from '../settings/settings-row';
import { ToggleRow } from '../settings/toggle-row';
import { platformTexts } from '../texts/texts';
import { setAnalyticsOptOut, useAnalyticsOptOut } from './page-views';

/** Settings → Privacy: the analytics opt-out switch (on = page views are counted). */
export function AnalyticsSetting() {
  const optedOut = useAnalyticsOptOut((s) => s.optedOut);
  return (
    <SettingsSection title={platformTexts.privacy.title}>
      <ToggleRow
        label={platformTexts.privacy.analytics}
        hint={platformTexts.privacy.analyticsHint}
        checked={!optedOut}
        onChange={(on) => setAnalyticsOptOut(!on)}
        testId="toggle-analytics"
      />
    </SettingsSection>
  );
}
