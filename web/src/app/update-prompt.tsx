import { applyUpdate } from '../pwa/sw-registration';
import { useUpdateAvailable } from '../pwa/update-available';
import { texts } from '../texts/texts';
import { Button } from '../ui/button';

/** "Update available": shown when a new version of the app is installed and waiting. */
export function UpdatePrompt() {
  const waiting = useUpdateAvailable((s) => s.waiting);
  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-20 z-[80] mx-auto flex max-w-md items-center gap-3 rounded-xl border border-border bg-surface-2 p-3 shadow-2xl lg:bottom-4"
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{texts.pwa.updateTitle}</p>
        <p className="text-sm text-muted">{texts.pwa.updateBody}</p>
      </div>
      <Button
        onClick={() => useUpdateAvailable.setState({ waiting: null })}
        className="rounded-lg px-3 py-1.5 text-muted hover:bg-surface-3 hover:text-fg"
      >
        {texts.pwa.later}
      </Button>
      <Button onClick={applyUpdate} variant="primary" size="sm">
        {texts.pwa.reload}
      </Button>
    </div>
  );
}
