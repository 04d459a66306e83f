import type { Order } from '@neura/contract';
import { useState } from 'react';
import { errorMessage } from '../api/app-error';
import { billingTexts as t } from '../texts/app-texts';
import { Button } from '../ui/button';
import { showToast } from '../ui/toast-store';
import { completeSandboxOrder } from './billing-api';
import { money } from './format';

/**
 * The sandbox's checkout page (no keys configured): clearly a test, it pays or declines the order
 * through the server's real fulfilment code.
 */
export function SandboxCheckout({
  order,
  onDone,
  onCancel,
}: {
  order: Order;
  onDone: (order: Order) => void;
  onCancel: () => void;
}) {
  const [busy, setBusy] = useState<'paid' | 'failed' | null>(null);
  const finish = async (outcome: 'paid' | 'failed') => {
    setBusy(outcome);
    try {
      onDone(await completeSandboxOrder(order.id, outcome));
    } catch (error) {
      showToast({ severity: 'error', message: errorMessage(error) });
      setBusy(null);
    }
  };
  return (
    <section
      aria-labelledby="sandbox-checkout-title"
      className="flex flex-col gap-4 rounded-2xl border-2 border-dashed border-warning bg-surface-2 p-5"
      data-testid="sandbox-checkout"
    >
      <p
        className="self-start rounded-full bg-warning px-3 py-1 text-sm font-bold text-black"
        data-testid="sandbox-label"
      >
        {t.sandboxLabel}
      </p>
      <h3 id="sandbox-checkout-title" className="text-xl font-semibold">
        {t.sandboxCheckoutTitle}
      </h3>
      <p className="text-sm text-muted">{t.sandboxCheckoutBody}</p>
      <dl className="flex items-baseline justify-between gap-3 rounded-xl bg-surface-3 p-3">
        <dt>{t.productName(order.product)}</dt>
        <dd className="text-xl font-bold">{money(order.amount, order.currency)}</dd>
      </dl>
      <Button onClick={() => void finish('paid')} disabled={busy !== null} data-autofocus variant="primary" size="lg">
        {busy === 'paid' ? t.sandboxPaying : t.sandboxPay(money(order.amount, order.currency))}
      </Button>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          onClick={() => void finish('failed')}
          disabled={busy !== null}
          className="flex-1 rounded-xl border border-border px-4 py-2 text-sm hover:bg-surface-3 disabled:opacity-50"
        >
          {t.sandboxDecline}
        </Button>
        <Button
          onClick={onCancel}
          disabled={busy !== null}
          className="flex-1 rounded-xl border border-border px-4 py-2 text-sm hover:bg-surface-3 disabled:opacity-50"
        >
          {t.sandboxCancel}
        </Button>
      </div>
    </section>
  );
}
