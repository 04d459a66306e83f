import { PRO_LIST_PRICE_USD, PRO_PRICE_USD, PRO_PRODUCT_ID } from '@neura/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppStore } from '../store/app-store';
import { appTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { StoreModal } from '../ui/modal';

// Not Intl.NumberFormat: building one costs ~15 ms on the first route (this modal renders, closed,
// with the shell), and the prices are fixed dollar amounts under 1,000.
const usd = (n: number) => `$${n.toFixed(2)}`;

/**
 * The subscribe modal (id "subscribe"): the Pro pitch; Subscribe Now starts the Pro checkout
 * directly (Stripe's page, or the sandbox's order page). When it cannot start, the modal closes
 * and a toast says why. The checkout code loads on the first click (it stays out of the first route).
 */
export function SubscribeModal() {
  const navigate = useNavigate();
  const setActiveModal = useAppStore((s) => s.setActiveModal);
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    const { startCheckout } = await import('../billing/start-checkout');
    await startCheckout(PRO_PRODUCT_ID, navigate);
    setBusy(false);
    setActiveModal(null);
  };
  return (
    <StoreModal id="subscribe" title={appTexts.subscribe.title}>
      <p className="mb-4 text-muted">{appTexts.subscribe.pitch}</p>
      <ul className="mb-5 flex flex-col gap-2">
        {appTexts.subscribe.features.map((f) => (
          <li key={f} className="flex items-center gap-2">
            <span aria-hidden="true" className="text-success">
              ✓
            </span>
            {f}
          </li>
        ))}
      </ul>
      <p className="mb-5 flex items-baseline gap-2">
        <span className="text-3xl font-bold" data-testid="pro-price">
          {usd(PRO_PRICE_USD)}
        </span>
        <span className="text-muted">
          <span className="sr-only">{appTexts.subscribe.listPriceLabel} </span>
          <s>{usd(PRO_LIST_PRICE_USD)}</s>
        </span>
      </p>
      <div className="flex flex-col gap-2">
        <Button onClick={() => void go()} disabled={busy} aria-busy={busy} data-autofocus variant="primary">
          {appTexts.subscribe.cta}
        </Button>
        <Button
          onClick={() => setActiveModal(null)}
          className="rounded-lg px-4 py-2 text-muted hover:bg-surface-3 hover:text-fg"
        >
          {appTexts.subscribe.later}
        </Button>
      </div>
    </StoreModal>
  );
}
