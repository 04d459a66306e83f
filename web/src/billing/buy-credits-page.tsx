import { creditsState, LOW_CREDITS_THRESHOLD } from '@neura/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { selectCredits, useUser } from '../store/user';
import { billingTexts as t } from '../texts/app-texts';
import { texts } from '../texts/texts';
import { Card } from './card';
import { CreditsHistory } from './credits-history';
import { LoadError } from './load-error';
import { PackCard, PackSkeleton } from './pack-card';
import { PurchaseHistory } from './purchase-history';
import { invalidateLedger, useLedger } from './queries/ledger';
import { invalidateLimits } from './queries/limits';
import { invalidateOrders, useOrders } from './queries/orders';
import { useProducts } from './queries/products';
import { SpendingLimitsCard } from './spending-limits';
import { startCheckout } from './start-checkout';

function BalanceCard({ credits }: { credits: number | null }) {
  const state = creditsState(credits, LOW_CREDITS_THRESHOLD);
  const tone = state === 'zero' ? 'text-danger' : state === 'low' ? 'text-warning' : '';
  return (
    <div className="flex items-center justify-between gap-3 rounded-2xl bg-surface-2 p-4" data-testid="balance">
      <span className="text-muted">{t.balance}</span>
      {credits === null ? (
        <span className="h-7 w-24 animate-pulse rounded bg-surface-3" aria-hidden="true" />
      ) : (
        <span className={`text-2xl font-bold tabular-nums ${tone}`} aria-live="polite" data-testid="balance-value">
          {t.balanceValue(credits)}
        </span>
      )}
      {state === 'zero' ? <span className="sr-only">{texts.explore.noCreditsTitle}</span> : null}
    </div>
  );
}

/** Buy Credits (/settings/credits): balance, packs with price per credit, purchases, credits history. */
export default function BuyCreditsPage() {
  const navigate = useNavigate();
  const credits = useUser(selectCredits);
  const products = useProducts();
  const orders = useOrders();
  const ledger = useLedger();
  const [buying, setBuying] = useState<string | null>(null);

  // A purchase or a message elsewhere changed the balance: refresh the lists beside it.
  const seen = useRef(credits);
  useEffect(() => {
    if (credits === seen.current) return;
    seen.current = credits;
    void invalidateOrders();
    void invalidateLedger();
    void invalidateLimits();
  }, [credits]);

  const buy = async (packId: string) => {
    setBuying(packId);
    if (!(await startCheckout(packId, navigate))) setBuying(null);
  };

  const packs = products.data?.packs ?? [];
  const cheapest =
    packs.length > 1 ? packs.reduce((a, b) => (b.price / b.credits < a.price / a.credits ? b : a)) : undefined;
  const off = products.data?.provider === 'off';

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 p-4">
      <h2 className="sr-only">{texts.titles.credits}</h2>
      <BalanceCard credits={credits} />
      <Card title={t.packsHeading} testId="credit-packs">
        <p className="px-1 text-sm text-muted">{t.packsIntro}</p>
        {products.data?.provider === 'sandbox' ? (
          <p
            className="rounded-xl border border-warning/60 bg-surface-2 px-3 py-2 text-sm"
            data-testid="sandbox-notice"
          >
            {t.sandboxNotice}
          </p>
        ) : null}
        {off ? (
          <p role="status" className="rounded-xl bg-surface-2 p-4 text-muted">
            {t.paymentsOff}
          </p>
        ) : null}
        {products.error && !products.data ? (
          <LoadError onRetry={() => void products.refetch()} />
        ) : (
          <ul className="grid grid-cols-1 gap-3 pt-2 sm:grid-cols-3" aria-busy={!products.data}>
            {products.data
              ? packs.map((p) => (
                  <PackCard
                    key={p.id}
                    pack={p}
                    best={p.id === cheapest?.id}
                    busy={buying === p.id}
                    disabled={off || buying !== null}
                    onBuy={() => void buy(p.id)}
                  />
                ))
              : [0, 1, 2].map((i) => <PackSkeleton key={i} />)}
          </ul>
        )}
      </Card>
      <SpendingLimitsCard />
      <PurchaseHistory orders={orders} />
      <CreditsHistory ledger={ledger} />
    </div>
  );
}
