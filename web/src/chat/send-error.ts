import { texts } from '../shell/texts';
import { showToast } from '../shell/toast-store';
import { useAppStore } from '../store/app-store';
import { SendError } from './chat-api';

/** A refused or failed send as a typed toast (never as a fake chat message). */
export function showSendError(error: unknown): void {
  const code = error instanceof SendError ? error.code : 'unknown';
  const message = error instanceof Error && error.message ? error.message : texts.errors.unknown;
  if (code === 'credits:insufficient') {
    showToast({
      severity: 'warning',
      message,
      action: { label: texts.chat.buyCredits, to: '/settings/credits' },
    });
  } else if (code === 'pro:required') {
    // Pro required (403 pro:required): the subscribe modal explains and sells Pro.
    useAppStore.getState().setActiveModal('subscribe');
  } else showToast({ severity: 'error', message });
}
