import { PRO_LIST_PRICE_USD, PRO_PRICE_USD } from '@neura/contract';
import { useNavigate } from 'react-router';
import { useAppStore } from '../store/app-store';
import { texts } from '../texts/texts';
import { StoreModal } from '../ui/modal';

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

/** The subscribe modal (id "subscribe"): the Pro pitch and a way to /settings/pro. */
export function SubscribeModal() {
  const navigate = useNavigate();
  const setActiveModal = useAppStore((s) => s.setActiveModal);
  const go = () => {
    setActiveModal(null);
    navigate('/settings/pro');
  };
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
        <button
          type="button"
          onClick={go}
          data-autofocus
          className="rounded-lg bg-accent px-4 py-2.5 font-semibold text-accent-fg hover:opacity-90"
        >
          {texts.subscribe.cta}
        </button>
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
