import { useAppStore } from '../store/app-store';
import { selectIsPro, useUser } from '../store/user';
import { texts } from '../texts/texts';
import { type ConnectionStatus, useConnectionStatus } from './use-connection-status';

const STATUS: Record<ConnectionStatus, { label: string; dot: string }> = {
  online: {
    get label() {
      return texts.nav.online;
    },
    dot: 'bg-success',
  },
  connecting: {
    get label() {
      return texts.nav.connecting;
    },
    dot: 'bg-warning',
  },
  offline: {
    get label() {
      return texts.nav.offline;
    },
    dot: 'bg-danger',
  },
};

/** The user's labels: Pro and Insider both when both apply. */
export function tierLabels(isPro: boolean, insider: boolean): string[] {
  return [...(isPro ? [texts.nav.pro] : []), ...(insider ? [texts.nav.insider] : [])];
}

/**
 * The connection status and the Pro / Insider labels (SPEC.md §2 sidebar). The sidebar shows it on
 * desktop; Settings shows it on phones, where there is no sidebar.
 */
export function AccountStatus({
  onlineText,
  className,
  testIdPrefix = '',
}: {
  onlineText?: string;
  className?: string;
  /** Keeps test ids unique when a second copy shows (Settings). */
  testIdPrefix?: string;
}) {
  const token = useAppStore((s) => s.token);
  const isPro = useUser(selectIsPro);
  const insider = useUser((s) => s.user?.flags.includes('insider') ?? false);
  const status = useConnectionStatus();
  const labels = tierLabels(isPro, insider);
  return (
    <div className={`flex items-center gap-2 text-xs text-muted ${className ?? ''}`}>
      {token ? (
        <span className="flex items-center gap-1.5" data-testid={`${testIdPrefix}connection-status`} role="status">
          <span className={`h-2 w-2 rounded-full ${STATUS[status].dot}`} aria-hidden="true" />
          {status === 'online' && onlineText ? onlineText : STATUS[status].label}
        </span>
      ) : null}
      {labels.length > 0 ? (
        <span className="ms-auto flex gap-1">
          {labels.map((label) => (
            <span
              key={label}
              className="rounded-md bg-accent px-1.5 py-0.5 font-bold text-accent-fg"
              data-testid={`${testIdPrefix}tier-label`}
            >
              {label}
            </span>
          ))}
        </span>
      ) : null}
    </div>
  );
}
