import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../api/app-error';
import { billingTexts as t } from '../texts/app-texts';
import { texts } from '../texts/texts';
import { Button } from '../ui/button';
import { showToast } from '../ui/toast-store';
import { openPortal } from './billing-api';
import { Card } from './card';
import { day } from './format';
import { LoadError } from './load-error';
import { ProPrice } from './pro-price';
import { invalidateSubscription, useSubscription } from './queries/subscription';
import { SandboxPortal } from './sandbox-portal';
import { goTo } from './start-checkout';
import { SubscribeButton } from './subscribe-button';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 px-4 py-3">
      <dt className="text-muted">{label}</dt>
      <dd className="text-end font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The Pro subscription page (/settings/pro): status, renews/ends on, manage or cancel, or subscribe. */
export default function ProSubscriptionPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const sub = useSubscription();
  const [opening, setOpening] = useState(false);
  const portalOpen = params.get('portal') === 'sandbox';

  const manage = async () => {
    setOpening(true);
    try {
      goTo((await openPortal()).url, navigate);
    } catch (error) {
      showToast({ severity: 'error', message: errorMessage(error) });
    } finally {
      setOpening(false);
    }
  };

  const data = sub.data;
  const live = data?.isPro === true;
  const renewal =
    data?.proExpiry && live
      ? data.cancelAtPeriodEnd || data.status === 'none'
        ? t.endsOn(day(data.proExpiry))
        : t.renewsOn(day(data.proExpiry))
      : data?.proExpiry
        ? t.endedOn(day(data.proExpiry))
        : null;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 p-4">
      <h2 className="sr-only">{texts.titles.proSubscription}</h2>
      <Card title={t.subscriptionHeading} testId="subscription">
        {sub.error && !data ? (
          <LoadError onRetry={() => void sub.refetch()} />
        ) : !data ? (
          <div role="status" aria-busy="true" className="h-36 animate-pulse rounded-2xl bg-surface-2" />
        ) : (
          <div className="overflow-hidden rounded-2xl bg-surface-2">
            <dl className="divide-y divide-border">
              <Row label={texts.settings.plan} value={live ? t.planPro : t.planFree} testId="subscription-plan" />
              <Row
                label={t.statusLabel}
                value={t.subscriptionStatus[data.status] ?? data.status}
                testId="subscription-status"
              />
              {renewal ? <Row label={t.periodLabel} value={renewal} testId="subscription-renewal" /> : null}
            </dl>
          </div>
        )}
      </Card>
      {data && live && data.status !== 'none' ? (
        <div className="flex flex-col gap-2">
          <p className="px-1 text-sm text-muted">{t.manageHint}</p>
          <Button
            onClick={() => void manage()}
            disabled={opening}
            data-testid="open-portal"
            className="rounded-xl border border-border bg-surface-2 px-4 py-3 font-semibold hover:bg-surface-3 disabled:opacity-50"
          >
            {opening ? t.openingPortal : t.openPortal}
          </Button>
        </div>
      ) : null}
      {portalOpen && data && data.status !== 'none' ? (
        <SandboxPortal
          subscription={data}
          onChange={() => void invalidateSubscription()}
          onClose={() => setParams({})}
        />
      ) : null}
      {data && !live ? (
        <section className="flex flex-col items-start gap-3 rounded-2xl bg-surface-2 p-5">
          <p className="text-muted">{t.notSubscribed}</p>
          <ProPrice size="md" />
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <SubscribeButton />
            <Link
              to="/pro"
              className="px-2 py-2 text-sm font-medium text-accent-text underline-offset-2 hover:underline"
            >
              {t.seeWhatPro}
            </Link>
          </div>
        </section>
      ) : null}
    </div>
  );
}
