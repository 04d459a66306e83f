import type { CreditPack } from '@neura/contract';
import { billingTexts as t } from '../texts/app-texts';
import { Button } from '../ui/button';
import { money, pricePerCredit } from './format';

/** A credit pack: credits, price, price per credit and Buy. */
export function PackCard({
  pack,
  best,
  busy,
  disabled,
  onBuy,
}: {
  pack: CreditPack;
  best: boolean;
  busy: boolean;
  disabled: boolean;
  onBuy: () => void;
}) {
  const nameId = `pack-${pack.id}`;
  return (
    <li
      className={`relative flex flex-col gap-2 rounded-2xl border bg-surface-2 p-4 ${best ? 'border-accent' : 'border-border'}`}
      data-testid="credit-pack"
      data-pack-id={pack.id}
      aria-labelledby={nameId}
    >
      {best ? (
        <span className="absolute -top-2.5 end-3 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg">
          {t.bestValue}
        </span>
      ) : null}
      <h4 id={nameId} className="font-semibold">
        {t.packName(pack.id)}
      </h4>
      <p className="text-2xl font-bold">{t.packCredits(pack.credits)}</p>
      <p className="flex items-baseline justify-between gap-2">
        <span className="text-lg font-semibold">{money(pack.price, pack.currency)}</span>
        <span className="text-sm text-muted">
          {t.perCredit(pricePerCredit(pack.price, pack.credits, pack.currency))}
        </span>
      </p>
      <Button
        onClick={onBuy}
        disabled={disabled}
        aria-describedby={nameId}
        variant="primary"
        size="lg"
        className="mt-1"
      >
        {busy ? t.buying : `${t.buy} · ${money(pack.price, pack.currency)}`}
      </Button>
    </li>
  );
}

export function PackSkeleton() {
  return <li aria-hidden="true" className="h-44 animate-pulse rounded-2xl bg-surface-2" />;
}
