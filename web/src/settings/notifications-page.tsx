import { useEffect, useState } from 'react';
import { errorMessage } from '../api/app-error';
import { notificationTexts as t } from '../texts/notifications';
import { Button } from '../ui/button';
import { showToast } from '../ui/toast-store';
import { useNotificationSettings, useUpdateNotificationSettings } from './queries/notifications';
import { QuietHoursRows } from './quiet-hours';
import { SettingsSection } from './settings-row';
import { ToggleRow } from './toggle-row';
import { currentSubscription, pushSupport, subscribeThisDevice, unsubscribeThisDevice } from './web-push';

type DeviceState = 'checking' | 'off' | 'on' | 'denied';

/** This device: the button that asks the permission (with why), or the state it is in. */
function ThisDevice() {
  const support = pushSupport();
  const [state, setState] = useState<DeviceState>('checking');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (support !== 'supported') return;
    if (!('Notification' in window)) return setState('off'); // the native app: its own permission
    if (Notification.permission === 'denied') return setState('denied');
    void currentSubscription().then(
      (s) => setState(s && Notification.permission === 'granted' ? 'on' : 'off'),
      () => setState('off'),
    );
  }, [support]);

  if (support !== 'supported') {
    return (
      <p className="px-4 py-3 text-muted" data-testid="push-unsupported">
        {support === 'ios-install' ? t.iosInstall : t.unsupported}
      </p>
    );
  }
  const turnOn = () => {
    setBusy(true);
    subscribeThisDevice()
      .then((result) => setState(result === 'subscribed' ? 'on' : 'denied'))
      .catch((error: unknown) => showToast({ severity: 'error', message: errorMessage(error, t.failed) }))
      .finally(() => setBusy(false));
  };
  const turnOff = () => {
    setBusy(true);
    unsubscribeThisDevice()
      .then(() => setState('off'))
      .catch((error: unknown) => showToast({ severity: 'error', message: errorMessage(error, t.failed) }))
      .finally(() => setBusy(false));
  };
  return (
    <div className="flex flex-col items-start gap-3 px-4 py-3" data-testid="push-device" data-state={state}>
      {state === 'on' ? (
        <>
          <p>{t.enabledHere}</p>
          <Button variant="secondary" busy={busy} onClick={turnOff} data-testid="push-disable">
            {t.disableHere}
          </Button>
        </>
      ) : state === 'denied' ? (
        <p className="text-danger">{t.denied}</p>
      ) : (
        <>
          <p className="text-muted">{t.why}</p>
          <Button
            variant="primary"
            busy={busy}
            disabled={state === 'checking'}
            onClick={turnOn}
            data-testid="push-enable"
          >
            {busy ? t.enabling : t.enable}
          </Button>
        </>
      )}
    </div>
  );
}

/** `/settings/notifications`: this device's push, and what to notify (every device of the account). */
/** The page renders once its texts are in the active locale (app/pages.tsx waits for this). */
export { notificationTextsReady as ready } from './notifications-texts';

export default function NotificationsPage() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const save = (changes: Parameters<typeof update.mutate>[0]) =>
    update.mutate(changes, { onError: (error) => showToast({ severity: 'error', message: errorMessage(error) }) });
  const value = update.isPending && update.variables ? { ...settings.data, ...update.variables } : settings.data;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 p-4" data-testid="notifications-page">
      <h2 className="sr-only">{t.title}</h2>
      <p className="text-muted">{t.intro}</p>
      <SettingsSection title={t.title}>
        <ThisDevice />
      </SettingsSection>
      {settings.isError && !settings.data ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-danger">{t.loadFailed}</p>
          <Button variant="secondary" onClick={() => void settings.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : !value ? (
        <div
          className="h-24 animate-pulse rounded-xl bg-surface-3"
          role="status"
          aria-busy="true"
          aria-label={t.loading}
        />
      ) : (
        <SettingsSection title={t.kindsHeading}>
          <ToggleRow
            label={t.replies}
            hint={t.repliesHint}
            checked={value.replies ?? true}
            testId="notify-replies"
            onChange={(replies) => save({ replies })}
          />
          <ToggleRow
            label={t.hideContents}
            hint={t.hideContentsHint}
            checked={value.hideContents ?? false}
            testId="notify-hide-contents"
            onChange={(hideContents) => save({ hideContents })}
          />
          <QuietHoursRows value={value.quietHours ?? null} onSave={(quietHours) => save({ quietHours })} />
        </SettingsSection>
      )}
    </div>
  );
}
