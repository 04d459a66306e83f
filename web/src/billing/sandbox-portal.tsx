import type { SubscriptionResponse } from '@neura/contract';
import { useState } from 'react';
import { errorMessage } from '../api/app-error';
import { reloadUser } from '../chats/chats-api';
import { billingTexts as t } from '../texts/app-texts';
import { Button } from '../ui/button';
import { showToast } from '../ui/toast-store';
import { changeSandboxSubscription } from './billing-api';

/** The sandbox's own subscription portal: cancel at period end, keep, or renew (a simulated invoice). */
export function SandboxPortal({
  subscription,
  onChange,
  onClose,
}: {
  subscription: SubscriptionResponse;
  onChange: (next: SubscriptionResponse) => void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const act = async (action: 'cancel' | 'resume' | 'renew') => {
    setBusy(true);
    try {
      onChange(await changeSandboxSubscription(action));
      await reloadUser().catch(() => undefined);
    } catch (error) {
      showToast({ severity: 'error', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const btn = 'rounded-xl border border-border px-4 py-2.5 text-sm font-medium hover:bg-surface-3 disabled:opacity-50';
  return (
    <section
      aria-labelledby="sandbox-portal-title"
      className="flex flex-col gap-3 rounded-2xl border-2 border-dashed border-warning bg-surface-2 p-5"
      data-testid="sandbox-portal"
    >
      <p className="self-start rounded-full bg-warning px-3 py-1 text-sm font-bold text-black">{t.sandboxLabel}</p>
      <h3 id="sandbox-portal-title" className="text-lg font-semibold">
        {t.sandboxPortalTitle}
      </h3>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {subscription.cancelAtPeriodEnd ? (
          <Button className={btn} disabled={busy} onClick={() => void act('resume')}>
            {t.sandboxResumeSub}
          </Button>
        ) : (
          <Button className={btn} disabled={busy} onClick={() => void act('cancel')}>
            {t.sandboxCancelSub}
          </Button>
        )}
        <Button className={btn} disabled={busy} onClick={() => void act('renew')}>
          {t.sandboxRenewSub}
        </Button>
        <Button className={btn} disabled={busy} onClick={onClose}>
          {t.sandboxClosePortal}
        </Button>
      </div>
    </section>
  );
}
