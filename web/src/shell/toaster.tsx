import { Link } from 'react-router';
import { type Toast, useToastStore } from './toast-store';

const TONE: Record<Toast['severity'], string> = {
  success: 'border-success',
  error: 'border-danger',
  warning: 'border-warning',
  info: 'border-accent',
};

/** The toast stack, top-end. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <section
      aria-live="polite"
      aria-label="Notifications"
      className="pointer-events-none fixed top-3 right-3 z-[90] flex w-80 max-w-[calc(100vw-1.5rem)] flex-col gap-2"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.severity === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto overflow-hidden rounded-xl border-l-4 bg-surface-2 shadow-xl ${TONE[t.severity]}`}
        >
          <div className="flex items-start gap-2 p-3">
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{t.title}</p>
              <p className="text-sm text-muted">{t.message}</p>
              {t.action ? (
                <Link
                  to={t.action.to}
                  onClick={() => dismiss(t.id)}
                  className="mt-2 inline-block rounded-lg bg-accent px-3 py-1 text-sm font-medium text-accent-fg"
                >
                  {t.action.label}
                </Link>
              ) : null}
            </div>
            <button
              type="button"
              aria-label="Dismiss"
              onClick={() => dismiss(t.id)}
              className="rounded px-1 text-muted hover:text-fg"
            >
              ×
            </button>
          </div>
          <div className="h-1 bg-surface-3">
            <div className="toast-progress h-full bg-accent" style={{ animationDuration: `${t.durationMs}ms` }} />
          </div>
        </div>
      ))}
    </section>
  );
}
