import { PRO_LIST_PRICE_USD, PRO_PRICE_USD } from '@neura/contract';
import { billingTexts as t } from '../texts/app-texts';
import { money } from './format';

/** Pro's price: 19.99 a month with the 49.99 list price struck through (SPEC.md §9). */
export function ProPrice({ size = 'lg' }: { size?: 'lg' | 'md' }) {
  return (
    <p className="flex items-baseline gap-2" data-testid="pro-price">
      <span className={`${size === 'lg' ? 'text-4xl' : 'text-3xl'} font-bold`}>{money(PRO_PRICE_USD)}</span>
      <span className="text-muted">{t.perMonth}</span>
      <span className="text-muted">
        <span className="sr-only">{t.listPrice} </span>
        <s data-testid="pro-list-price">{money(PRO_LIST_PRICE_USD)}</s>
      </span>
    </p>
  );
}
