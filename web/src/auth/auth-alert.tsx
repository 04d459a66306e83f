import type { AuthAlert as Alert } from './auth-flow-store';

const TONE: Record<Alert['severity'], string> = {
  error: 'border-danger text-danger',
  warning: 'border-warning text-warning',
  success: 'border-success text-success',
  info: 'border-accent text-fg',
};

/** The alert line of the auth modal (cleared on every page change). */
export function AuthAlert({ alert }: { alert: Alert | null }) {
  if (!alert) return null;
  return (
    <p
      role={alert.severity === 'error' ? 'alert' : 'status'}
      data-testid="auth-alert"
      className={`rounded-xl border-s-4 bg-surface-3 px-3 py-2 text-sm ${TONE[alert.severity]}`}
    >
      {alert.message}
    </p>
  );
}
