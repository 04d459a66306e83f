import type { Order } from '@neura/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../api/app-error';
import { reloadUser } from '../chats/chats-api';
import { selectCredits, useUser } from '../store/user';
import { billingTexts as t } from '../texts/app-texts';
import { texts } from '../texts/texts';
import { Button, buttonClass } from '../ui/button';
import { showToast } from '../ui/toast-store';
import { cancelOrder } from './billing-api';
import { day, money } from './format';
import { LoadError } from './load-error';
import { useOrderStatus } from './queries/orders';
import { SandboxCheckout } from './sandbox-checkout';
import { startCheckout } from './start-checkout';

const primary = buttonClass('primary', 'lg', 'text-center');
const secondary = buttonClass('secondary', 'lg', 'text-center');

function Panel({
  icon,
  tone,
  title,
  status,
  children,
}: {
  icon: string;
  tone: string;
  title: string;
  status: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="order-title"
      className="flex flex-col items-center gap-3 rounded-2xl bg-surface-2 p-6 text-center"
      data-testid="order-status"
      data-status={status}
    >
      <span
        aria-hidden="true"
        className={`grid h-14 w-14 place-items-center rounded-full bg-surface-3 text-2xl ${tone}`}
      >
        {icon}
      </span>
      <h3 id="order-title" className="text-xl font-semibold" role="status">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Pending() {
  return (
    <section
      aria-labelledby="order-title"
      aria-busy="true"
      className="flex flex-col items-center gap-3 rounded-2xl bg-surface-2 p-6 text-center"
      data-testid="order-status"
      data-status="pending"
    >
      <span
        aria-hidden="true"
        className="h-12 w-12 animate-spin rounded-full border-4 border-surface-3 border-t-accent"
      />
      <h3 id="order-title" className="text-xl font-semibold" role="status">
        {t.pendingTitle}
      </h3>
      <p className="text-muted">{t.pendingBody}</p>
    </section>
  );
}

function Paid({ order }: { order: Order }) {
  const credits = useUser(selectCredits);
  const user = useUser((s) => s.user);
  const pro = order.product === 'pro';
  useEffect(() => {
    // Pro changes the user, not the balance: fetch the user again (the balance arrives by socket).
    if (pro) void reloadUser().catch(() => undefined);
  }, [pro]);
  return (
    <Panel icon="✓" tone="text-success" title={t.paidTitle} status="paid">
      <p className="text-muted">{pro ? t.paidPro : t.paidCredits(order.credits)}</p>
      {pro ? (
        user?.proExpiry ? (
          <p className="font-semibold">{t.proUntil(day(user.proExpiry))}</p>
        ) : null
      ) : (
        <p className="flex flex-col items-center">
          <span className="text-sm text-muted">{t.newBalance}</span>
          <span className="text-3xl font-bold tabular-nums" data-testid="order-new-balance">
            {credits === null ? '…' : t.balanceValue(credits)}
          </span>
        </p>
      )}
      <div className="mt-2 flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <Link to="/" className={primary}>
          {t.startChatting}
        </Link>
        <Link to={pro ? '/settings/pro' : '/settings/credits'} className={secondary}>
          {pro ? t.viewSubscription : t.backToCredits}
        </Link>
      </div>
    </Panel>
  );
}

function Unpaid({ order }: { order: Order }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const failed = order.status === 'failed';
  const retry = async () => {
    setBusy(true);
    if (!(await startCheckout(order.product, navigate))) setBusy(false);
  };
  return (
    <Panel
      icon={failed ? '!' : '×'}
      tone={failed ? 'text-danger' : 'text-muted'}
      title={failed ? t.failedTitle : t.canceledTitle}
      status={order.status}
    >
      <p className="text-muted">{failed ? t.failedBody : t.canceledBody}</p>
      <p className="text-sm text-muted">
        {t.productName(order.product)} · {money(order.amount, order.currency)}
      </p>
      <div className="mt-2 flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <Button onClick={() => void retry()} busy={busy} variant="primary" size="lg" className="text-center">
          {busy ? t.buying : t.tryAgain}
        </Button>
        <Link to={order.product === 'pro' ? '/pro' : '/settings/credits'} className={secondary}>
          {order.product === 'pro' ? t.seeWhatPro : t.backToCredits}
        </Link>
      </div>
    </Panel>
  );
}

/**
 * Order Status (/settings/credits/complete?order=…): pending → paid with the new balance, failed
 * or canceled, with next steps. In the sandbox it also is the checkout page of a pending order.
 */
export default function OrderStatusPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const sandbox = params.get('checkout') === 'sandbox';
  const { order, error, gone, setOrder, reload } = useOrderStatus(orderId, params.get('canceled') === '1');

  const cancel = async () => {
    if (!order) return;
    try {
      setOrder(await cancelOrder(order.id));
    } catch (e) {
      showToast({ severity: 'error', message: errorMessage(e) });
    }
  };

  let body: ReactNode;
  if (!orderId || gone) {
    body = (
      <Panel icon="?" tone="text-muted" title={t.orderMissing} status="missing">
        <p className="text-muted">{t.orderMissingBody}</p>
        <Link to="/settings/credits" className={primary}>
          {texts.titles.credits}
        </Link>
      </Panel>
    );
  } else if (!order) {
    body = error ? <LoadError onRetry={() => void reload()} /> : <Pending />;
  } else if (order.status === 'pending' && sandbox && order.provider === 'sandbox') {
    body = <SandboxCheckout order={order} onDone={setOrder} onCancel={() => void cancel()} />;
  } else if (order.status === 'pending') {
    body = <Pending />;
  } else if (order.status === 'paid') {
    body = <Paid order={order} />;
  } else {
    body = <Unpaid order={order} />;
  }

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4 p-4">
      <h2 className="sr-only">{texts.titles.purchaseComplete}</h2>
      {body}
    </div>
  );
}
