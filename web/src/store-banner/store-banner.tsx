import { useState } from 'react';
import { useAppStore } from '../store/app-store';
import { platformTexts } from '../texts/texts';
import { Button, buttonClass } from '../ui/button';
import { currentStoreBannerTarget, isStoreBannerDismissed, rememberStoreBannerDismissed } from './store-banner-rules';

const t = platformTexts.storeBanner;

/**
 * The store-app banner of SPEC.md §1 on phone browsers: a link to the store and a dismiss button.
 * Hidden while the auth modal is open (it would sit under it, out of reach, and the modal has its own
 * install step), so only one install offer shows at a time. Hidden, it keeps its room: the page
 * below does not jump when a visitor's first-visit modal opens or closes (CLS, issue #50).
 */
export function StoreBanner() {
  const [target] = useState(currentStoreBannerTarget);
  const [dismissed, setDismissed] = useState(isStoreBannerDismissed);
  const authOpen = useAppStore((s) => s.activeModal === 'auth');
  if (!target || dismissed) return null;
  return (
    <aside
      aria-label={t.label}
      data-testid="store-banner"
      className="flex items-center gap-3 border-b border-border bg-surface-2 px-3 py-2 text-sm"
      // Out of sight, reach and the accessibility tree, in its place.
      style={authOpen ? { visibility: 'hidden' } : undefined}
    >
      <Button
        aria-label={t.dismiss}
        onClick={() => {
          rememberStoreBannerDismissed();
          setDismissed(true);
        }}
        className="grid h-8 w-8 shrink-0 place-items-center rounded-full text-muted hover:bg-surface-3"
      >
        <span aria-hidden="true">×</span>
      </Button>
      <img src="/icons/icon-192.png" alt="" width={36} height={36} className="h-9 w-9 shrink-0 rounded-lg" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t.title}</p>
        <p className="truncate text-muted">{target.os === 'ios' ? t.bodyIos : t.bodyAndroid}</p>
      </div>
      <a
        href={target.url}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass('primary', 'pill', 'shrink-0')}
      >
        {t.open}
      </a>
    </aside>
  );
}
