import { useEffect, useState } from 'react';
import { errorMessage } from '../api/app-error';
import { notificationTexts as t } from '../texts/notifications';
import { Button } from '../ui/button';
import { showToast } from '../ui/toast-store';
import { pushSupport, subscribeThisDevice } from './web-push';

/** The offer renders once its texts are in the active locale. */
export { notificationTextsReady as ready } from './notifications-texts';

/**
 * The offer of notifications after a long reply (issue #48): a small card at the foot of the chat
 * (never a dialog: the chat stays usable), with why; the browser's own question comes only from
 * "Turn on". Taken or dismissed, it is not shown again (`onClose`).
 */
export default function PushOffer({ onClose }: { onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const supported = pushSupport() === 'supported';
  useEffect(() => {
    if (!supported) onClose();
  }, [supported, onClose]);
  if (!supported) return null;
  const accept = () => {
    setBusy(true);
    subscribeThisDevice()
      .catch((error: unknown) => showToast({ severity: 'error', message: errorMessage(error, t.failed) }))
      .finally(onClose);
  };
  return (
    <section
      aria-labelledby="push-offer-title"
      data-testid="push-offer"
      className="mx-auto mb-2 flex w-full max-w-3xl flex-col gap-2 rounded-xl border border-border bg-surface-2 p-3 sm:flex-row sm:items-center"
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <div className="min-w-0 flex-1">
        <h2 id="push-offer-title" className="text-sm font-medium">
          {t.promptTitle}
        </h2>
        <p className="text-sm text-muted">{t.promptBody}</p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" size="sm" onClick={onClose} data-testid="push-offer-dismiss" disabled={busy}>
          {t.promptDismiss}
        </Button>
        <Button variant="primary" size="sm" busy={busy} onClick={accept} data-testid="push-offer-accept">
          {t.promptAccept}
        </Button>
      </div>
    </section>
  );
}
