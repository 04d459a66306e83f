import { CLIENT_VERSION } from '@neura/contract';
import { AccountStatus } from '../chats/account-status';
import { ClientInfoLine } from '../platform/client-info-line';
import { useAppStore } from '../store/app-store';
import { selectCredits, selectIsPro, useUser } from '../store/user';
import { formatDay, formatNumber } from '../texts/format';
import { ioTexts } from '../texts/io';
import { memoryTexts } from '../texts/memory';
import { texts } from '../texts/texts';
import { Button } from '../ui/button';
import { InstallButton } from '../ui/install-button';
import { AnalyticsSetting } from './analytics-setting';
import { LanguageSection } from './language-section';
import { SettingsLink, SettingsSection } from './settings-row';
import { ToggleRow } from './toggle-row';
import { useLogout } from './use-logout';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 px-4 py-3">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 truncate text-end font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Settings home: account summary, appearance, links to the child pages, logout. */
export default function SettingsPage() {
  const user = useUser((s) => s.user);
  const credits = useUser(selectCredits);
  const isPro = useUser(selectIsPro);
  const theme = useAppStore((s) => s.theme);
  const blackout = useAppStore((s) => s.blackout);
  const setTheme = useAppStore((s) => s.setTheme);
  const setBlackout = useAppStore((s) => s.setBlackout);
  const { logout, pending } = useLogout();

  const plan = isPro
    ? user?.proExpiry
      ? texts.settings.proUntil(formatDay(user.proExpiry))
      : texts.settings.proActive
    : texts.settings.free;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 p-4">
      <h2 className="sr-only">{texts.titles.settings}</h2>
      <SettingsSection title={texts.settings.account}>
        <AccountStatus className="border-b border-border px-4 py-3 text-sm" testIdPrefix="settings-" />
        {user ? (
          <dl className="divide-y divide-border">
            <Fact label={texts.settings.name} value={`${user.firstName} ${user.lastName}`} testId="account-name" />
            <Fact label={texts.settings.email} value={user.email} testId="account-email" />
            <Fact
              label={texts.settings.credits}
              value={formatNumber(credits ?? user.credits)}
              testId="account-credits"
            />
            <Fact label={texts.settings.plan} value={plan} testId="account-plan" />
            <Fact label={texts.settings.referralCode} value={user.referralCode} testId="account-referral" />
          </dl>
        ) : (
          <p role="status" className="px-4 py-3 text-muted">
            {texts.settings.notLoaded}
          </p>
        )}
      </SettingsSection>

      <SettingsSection title={texts.settings.appearance}>
        <div className="divide-y divide-border">
          <ToggleRow
            label={texts.settings.lightTheme}
            hint={texts.settings.lightThemeHint}
            checked={theme === 'light'}
            onChange={(on) => setTheme(on ? 'light' : 'dark')}
            testId="toggle-light"
          />
          <ToggleRow
            label={texts.settings.blackout}
            hint={texts.settings.blackoutHint}
            checked={blackout}
            disabled={theme === 'light'}
            onChange={setBlackout}
            testId="toggle-blackout"
          />
        </div>
      </SettingsSection>

      <AnalyticsSetting />

      <LanguageSection />

      <SettingsSection title={texts.settings.manage}>
        <ul className="divide-y divide-border">
          <SettingsLink to="/settings/credits">{texts.settings.buyCredits}</SettingsLink>
          <SettingsLink to="/settings/pro">{texts.settings.proSubscription}</SettingsLink>
          <SettingsLink to="/settings/password">{texts.settings.changePassword}</SettingsLink>
          <SettingsLink to="/settings/security">{texts.settings.security}</SettingsLink>
          <SettingsLink to="/settings/memory">{memoryTexts.settingsRow}</SettingsLink>
          <SettingsLink to="/settings/notifications">{texts.titles.notifications}</SettingsLink>
          <SettingsLink to="/settings/data">{ioTexts.data.settingsRow}</SettingsLink>
          {user?.role === 'admin' ? <SettingsLink to="/admin">{texts.settings.adminConsole}</SettingsLink> : null}
          <SettingsLink to="/settings/delete" tone="danger">
            {texts.settings.deleteAccount}
          </SettingsLink>
        </ul>
      </SettingsSection>

      <SettingsSection title={texts.settings.about}>
        <InstallButton />
        <ul className="divide-y divide-border border-t border-border first:border-t-0">
          <SettingsLink to="/changelog">{texts.settings.releaseNotes}</SettingsLink>
          <SettingsLink to="/terms">{texts.settings.terms}</SettingsLink>
        </ul>
      </SettingsSection>

      <Button
        onClick={() => void logout()}
        disabled={pending}
        className="rounded-xl border border-border bg-surface-2 px-4 py-3 font-medium text-danger hover:bg-surface-3 disabled:opacity-60"
      >
        {pending ? texts.settings.loggingOut : texts.settings.logout}
      </Button>
      <p className="text-center text-xs text-muted">{texts.settings.version(CLIENT_VERSION)}</p>
      <ClientInfoLine />
      <p className="text-center text-xs text-muted" data-testid="settings-copyright">
        {texts.nav.copyright}
      </p>
    </div>
  );
}
