import { Link } from 'react-router';
import { texts } from '../texts/texts';
import { Button, buttonClass } from './button';
import { type Toast, useToastStore } from './toast-store';

const TONE: Record<Toast['severity'], { border: string; bar: string; icon: string }> = {
  success: { border: 'border-success', bar: 'bg-success', icon: '✓' },
  error: { border: 'border-danger', bar: 'bg-danger', icon: '!' },
  warning: { border: 'border-warning', bar: 'bg-warning', icon: '!' },
  info: { border: 'border-accent', bar: 'bg-accent', icon: 'i' },
};

/**
 * The toast stack, top-end below the header (so it never covers the credits badge or help);
 * each toast lasts 5 s with a progress bar (SPEC.md §8).
 */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <section
      aria-label={texts.a11y.notifications}
      data-testid="toaster"
      className="pointer-events-none fixed top-[calc(3.5rem+0.5rem+env(safe-area-inset-top))] end-3 z-[90] flex w-80 max-w-[calc(100vw-1.5rem)] flex-col gap-2"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.severity === 'error' ? 'alert' : 'status'}
          data-severity={t.severity}
          className={`toast-enter pointer-events-auto overflow-hidden rounded-xl border-s-4 bg-surface-2 shadow-xl ${TONE[t.severity].border}`}
        >
          <div className="flex items-start gap-2 p-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-bold text-surface ${TONE[t.severity].bar}`}
            >
              {TONE[t.severity].icon}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{t.title}</p>
              <p className="text-sm break-words text-muted">{t.message}</p>
              {t.action ? (
                <Link
                  to={t.action.to}
                  onClick={() => dismiss(t.id)}
                  className={buttonClass('primary', 'sm', 'mt-2 inline-block')}
                >
                  {t.action.label}
                </Link>
              ) : null}
            </div>
            <Button
              aria-label={texts.modal.close}
              onClick={() => dismiss(t.id)}
              className="rounded px-1 text-muted hover:text-fg"
            >
              ×
            </Button>
          </div>
          <div className="h-1 bg-surface-3" aria-hidden="true">
            <div
              className={`toast-progress h-full ${TONE[t.severity].bar}`}
              style={{ animationDuration: `${t.durationMs}ms` }}
            />
          </div>
        </div>
      ))}
    </section>
  );
}
