import { PRO_PRODUCT_ID } from '@neura/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { billingTexts as t } from '../texts/app-texts';
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
    <Button onClick={() => void go()} disabled={busy} data-testid="subscribe-now" variant="primary" size="lg">
      {busy ? t.buying : t.subscribeNow}
    </Button>
  );
}
