import { useAppStore } from '../store/app-store';

/** The auth modal (id "auth"). Its pages come with the accounts issue. */
export function AuthModal() {
  const open = useAppStore((s) => s.activeModal === 'auth');
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/60 sm:items-center">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="auth-title"
        data-modal-id="auth"
        className="w-full max-w-md rounded-t-2xl border border-border bg-surface-2 p-6 sm:rounded-2xl"
      >
        <h2 id="auth-title" className="text-xl font-semibold">
          Welcome to Neura
        </h2>
      </div>
    </div>
  );
}
