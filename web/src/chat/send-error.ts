import { texts } from '../texts/texts';
import { showToast } from '../ui/toast-store';
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
    showToast({ severity: 'warning', message, action: { label: texts.chat.subscribe, to: '/settings/pro' } });
  } else showToast({ severity: 'error', message });
}
