import { texts } from '../texts/texts';

/** The fatal notice when the server is offline: it cannot be dismissed. */
export function OfflineNotice() {
  return (
    <div className="fixed inset-0 z-[100] flex items-center justify-center bg-black/80 p-6">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="offline-title"
        aria-describedby="offline-body"
        className="max-w-sm rounded-2xl border border-border bg-surface-2 p-6 text-center shadow-2xl"
      >
        <h2 id="offline-title" className="mb-2 text-lg font-semibold text-danger">
          {texts.startup.offlineTitle}
        </h2>
        <p id="offline-body" className="text-muted">
          {texts.startup.offlineBody}
        </p>
      </div>
    </div>
  );
}
