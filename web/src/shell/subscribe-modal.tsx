import { PRO_LIST_PRICE_USD, PRO_PRICE_USD } from '@neura/contract';
import { Link } from 'react-router';
import { SubscribeButton } from '../billing/subscribe-button';
import { useAppStore } from '../store/app-store';
import { StoreModal } from './modal';
import { billingTexts, texts } from './texts';

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

/** The subscribe modal (id "subscribe"): the Pro pitch; Subscribe Now starts the Pro checkout. */
export function SubscribeModal() {
  const setActiveModal = useAppStore((s) => s.setActiveModal);
  const close = () => setActiveModal(null);
  return (
    <StoreModal id="subscribe" title={texts.subscribe.title}>
      <p className="mb-4 text-muted">{texts.subscribe.pitch}</p>
      <ul className="mb-5 flex flex-col gap-2">
        {texts.subscribe.features.map((f) => (
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
          <span className="sr-only">{texts.subscribe.listPriceLabel} </span>
          <s>{usd(PRO_LIST_PRICE_USD)}</s>
        </span>
      </p>
      <div className="flex flex-col gap-2">
        <SubscribeButton onStart={close} autoFocus />
        <Link
          to="/pro"
          onClick={close}
          className="rounded-lg px-4 py-2 text-center text-sm text-accent-text hover:underline"
        >
          {billingTexts.modalViewPlans}
        </Link>
        <button
          type="button"
          onClick={() => setActiveModal(null)}
          className="rounded-lg px-4 py-2 text-muted hover:bg-surface-3 hover:text-fg"
        >
          {texts.subscribe.later}
        </button>
      </div>
    </StoreModal>
  );
}
