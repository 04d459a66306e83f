import { AppError, errorMessage } from '../api/app-error';
import { useAppStore } from '../store/app-store';
import { appTexts, billingTexts } from '../texts/app-texts';
import { showToast } from '../ui/toast-store';

/** A refused or failed send as a typed toast (never as a fake chat message). */
export function showSendError(error: unknown): void {
  const code = error instanceof AppError ? error.code : 'unknown';
  const message = errorMessage(error);
  if (code === 'credits:insufficient') {
    showToast({
      severity: 'warning',
      message,
      action: { label: appTexts.chat.buyCredits, to: '/settings/credits' },
    });
  } else if (code === 'credits:limit') {
    // A spending limit the user set (issue #49): the message names it and when it resets.
    showToast({
      severity: 'warning',
      message,
      action: { label: billingTexts.changeLimit, to: '/settings/credits' },
    });
  } else if (code === 'pro:required') {
    // Pro required (403 pro:required): the subscribe modal explains and sells Pro.
    useAppStore.getState().setActiveModal('subscribe');
  } else showToast({ severity: 'error', message });
}
