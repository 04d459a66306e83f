import { billingTexts as t } from '../texts/app-texts';
import { Button } from '../ui/button';

/** A failed load with a way to try again (never a dead end). */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex items-center justify-between gap-3 rounded-xl bg-surface-2 p-4 text-sm">
      <span className="text-muted">{t.loadFailed}</span>
      <Button onClick={onRetry} className="rounded-lg border border-border px-3 py-1.5 font-medium hover:bg-surface-3">
        {t.retry}
      </Button>
    </div>
  );
}
