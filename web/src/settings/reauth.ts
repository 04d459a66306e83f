import { AppError, errorMessage } from '../api/app-error';
import { showToast } from '../ui/toast-store';

/**
 * Re-authentication (issue #47): an action the server refuses with `auth:reauth-required` opens
 * the "Confirm it's you" dialog (reauth-dialog.tsx); once the user has confirmed, the action runs
 * again. Closing the dialog abandons the action quietly.
 */
type Listener = () => void;
let pending: ((confirmed: boolean) => void) | null = null;
const listeners = new Set<Listener>();
const notify = () => {
  for (const l of listeners) l();
};

export const reauthStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isOpen: () => pending !== null,
  /** The dialog's answer: the user confirmed (true) or closed it (false). */
  settle(confirmed: boolean) {
    const resolve = pending;
    pending = null;
    notify();
    resolve?.(confirmed);
  },
};

function askToConfirm(): Promise<boolean> {
  pending?.(false);
  return new Promise((resolve) => {
    pending = resolve;
    notify();
  });
}

/** Thrown when the user closes the dialog: nothing to report. */
class ReauthCancelled extends Error {}

/** Runs `action`; when the server asks for a recent proof, asks the user and runs it once more. */
export async function withReauth<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'auth:reauth-required') throw error;
    if (!(await askToConfirm())) throw new ReauthCancelled();
    return action();
  }
}

/** A failed security action said in a toast (a closed "Confirm it's you" says nothing). */
export function reportFailure(error: unknown): void {
  if (error instanceof ReauthCancelled) return;
  showToast({ severity: 'error', message: errorMessage(error) });
}
