import { type DeviceSession, userAgentParts } from '@neura/contract';
import { formatDayTime } from '../texts/format';
import { securityTexts } from '../texts/security';
import { Button } from '../ui/button';
import { showToast } from '../ui/toast-store';
import { refresh, securityApi, securityKeys, useSessions } from './queries/security';
import { reportFailure, withReauth } from './reauth';
import { SettingsSection } from './settings-row';

const t = securityTexts.devices;

/** Where a device is, in words: its browser and operating system ("Chrome on Android"). */
export function deviceName(session: Pick<DeviceSession, 'userAgent' | 'device'>): string {
  const { browser, system } = userAgentParts(session.userAgent);
  if (browser && system) return t.on(browser, system);
  if (browser || system) return (browser ?? system) as string;
  return session.device === '?' ? t.unknown : session.device;
}

function DeviceRow({ session }: { session: DeviceSession }) {
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="device-row">
      <div className="min-w-0 flex-1">
        <p className="font-medium" data-testid="device-place">
          {deviceName(session)}
          {session.ip ? (
            <>
              {' · '}
              <bdi dir="ltr" data-testid="device-address">
                {session.ip}
              </bdi>
            </>
          ) : null}
          {session.current ? (
            <span className="ms-2 rounded-full bg-accent px-2 py-0.5 text-xs text-accent-fg">{t.thisDevice}</span>
          ) : null}
        </p>
        <p className="text-sm text-muted">
          {t.lastSeen(formatDayTime(session.lastSeenAt))} · {t.signedIn(formatDayTime(session.createdAt))}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            void withReauth(() => securityApi.signOut(session.id))
              .then(() => {
                showToast({ severity: 'success', message: t.signedOut });
                return refresh(securityKeys.sessions);
              })
              .catch(reportFailure)
          }
        >
          {t.signOut}
        </Button>
      )}
    </li>
  );
}

/** The user's devices (their live sessions): sign one or all others out (issue #47). */
export function DevicesSection() {
  const { data } = useSessions();
  const others = (data ?? []).filter((s) => !s.current).length;
  return (
    <SettingsSection title={t.heading}>
      <div className="rounded-xl border border-border bg-surface-2">
        <p className="px-4 pt-3 text-sm text-muted">{t.intro}</p>
        <ul className="divide-y divide-border">
          {(data ?? []).map((s) => (
            <DeviceRow key={s.id} session={s} />
          ))}
        </ul>
        {others > 0 ? (
          <div className="border-t border-border px-4 py-3">
            <Button
              variant="danger"
              onClick={() =>
                void withReauth(() => securityApi.signOutOthers())
                  .then(({ signedOut }) => {
                    showToast({ severity: 'success', message: t.othersSignedOut(signedOut) });
                    return refresh(securityKeys.sessions);
                  })
                  .catch(reportFailure)
              }
            >
              {t.signOutOthers}
            </Button>
          </div>
        ) : null}
      </div>
    </SettingsSection>
  );
}
