import { PRO_PRODUCT_ID } from '@neura/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { billingTexts as t } from '../texts/texts';
import { Button } from '../ui/button';
import { startCheckout } from './start-checkout';

/** "Subscribe Now": starts the Pro checkout (Stripe or the sandbox). */
export function SubscribeButton() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    if (!(await startCheckout(PRO_PRODUCT_ID, navigate))) setBusy(false);
  };
  return (
    <Button
      type="button"
      onClick={() => void go()}
      disabled={busy}
      data-testid="subscribe-now"
      className="rounded-xl bg-accent px-5 py-3 font-semibold text-accent-fg hover:opacity-90 disabled:opacity-50"
    >
      {busy ? t.buying : t.subscribeNow}
    </Button>
  );
}
