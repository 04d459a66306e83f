import { useState } from 'react';
import { productName } from '../billing/ledger-label';
import { adminTexts as t } from '../texts/admin';
import { billingTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { type AdminOrder, adminApi } from './admin-api';
import { act, Loading, money, SearchForm, Section, Table, when } from './kit';
import { useAudit } from './queries/audit';
import { invalidateFeedback, useFeedback } from './queries/feedback';
import { invalidateOrders, useOrders } from './queries/orders';

/** Orders of everyone, newest first; a paid order can be refunded in full. */
export function OrdersSection() {
  const [q, setQ] = useState('');
  const { data, error, refetch } = useOrders(q);
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);
  return (
    <div className="flex flex-col gap-3">
      {refunding ? (
        <ConfirmDialog
          title={t.orders.confirmRefundTitle}
          body={t.orders.confirmRefund(productName(refunding.product), refunding.email)}
          confirm={t.orders.refund}
          cancel={t.users.cancel}
          danger
          onConfirm={() => void act(() => adminApi.refund(refunding.id), invalidateOrders)}
          onClose={() => setRefunding(null)}
        />
      ) : null}
      <SearchForm id="admin-order-search" label={t.orders.search} onSearch={setQ} />
      {!data ? (
        <Loading error={error} retry={refetch} />
      ) : data.items.length === 0 ? (
        <p className="text-muted">{t.orders.none}</p>
      ) : (
        <Section title={t.tabs.orders}>
          <Table
            head={[t.orders.when, t.users.email, t.dashboard.product, t.orders.status, t.dashboard.amount, '']}
            rows={data.items.map((o) => [
              when(o.createdAt),
              o.email,
              `${productName(o.product)}${o.renewal ? ` ${t.orders.renewal}` : ''} (${billingTexts.providerNames[o.provider] ?? o.provider})`,
              <span key="s" data-testid={`order-status-${o.id}`}>
                {o.status}
              </span>,
              money(o.amountCents / 100, o.currency),
              o.status === 'paid' ? (
                <Button
                  key="r"
                  variant="secondary"
                  size="sm"
                  className="text-danger"
                  aria-label={`${t.orders.refund} ${o.id}`}
                  onClick={() => setRefunding(o)}
                >
                  {t.orders.refund}
                </Button>
              ) : null,
            ])}
          />
        </Section>
      )}
    </div>
  );
}

/** What a feedback row is about: a persona's report, or a help article. */
function feedbackAbout(about: string): { report: boolean; label: string } {
  if (about.startsWith('persona:')) return { report: true, label: t.feedback.reportAbout(about.slice(8)) };
  return { report: false, label: t.feedback.helpArticle(about.replace(/^helpDocs\./, '')) };
}

/** What people said about the help articles, and their reports of public personas; mark it handled. */
export function FeedbackSection() {
  const { data, error, refetch } = useFeedback();
  if (!data) return <Loading error={error} retry={refetch} />;
  if (data.items.length === 0) return <p className="text-muted">{t.feedback.none}</p>;
  return (
    <Section title={t.tabs.feedback}>
      <Table
        head={[t.orders.when, t.feedback.about, t.feedback.kind, t.users.email, '']}
        rows={data.items.map((f) => {
          const about = feedbackAbout(f.about);
          return [
            when(f.createdAt),
            about.label,
            <span key="m" data-kind={about.report ? 'report' : 'feedback'}>
              {about.report ? (
                <span className="font-semibold text-danger">{t.feedback.report}</span>
              ) : f.helpful ? (
                t.feedback.helpful
              ) : (
                t.feedback.notHelpful
              )}
              {f.message ? <span className="block whitespace-pre-wrap text-muted">{f.message}</span> : null}
            </span>,
            f.email ?? t.feedback.anonymous,
            <Button
              key="h"
              variant="secondary"
              size="sm"
              onClick={() => void act(() => adminApi.handled(f.id, !f.handledAt), invalidateFeedback)}
            >
              {f.handledAt ? t.feedback.reopen : t.feedback.markHandled}
            </Button>,
          ];
        })}
      />
    </Section>
  );
}

const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** The audit log, newest first, paged. */
export function AuditSection() {
  const audit = useAudit();
  if (!audit.data) return <Loading error={audit.error} retry={audit.refetch} />;
  const lines = audit.data.pages.flatMap((page) => page.items);
  if (lines.length === 0) return <p className="text-muted">{t.audit.none}</p>;
  return (
    <div className="flex flex-col gap-3">
      <Section title={t.tabs.audit}>
        <Table
          caption={t.tabs.audit}
          head={[t.audit.when, t.audit.actor, t.audit.action, t.audit.target, t.audit.change]}
          rows={lines.map((l) => [
            when(l.at),
            l.actor,
            <span key="a" data-testid="audit-action">
              {l.action}
            </span>,
            l.target,
            <span key="c" className="font-mono text-xs">{`${show(l.before)} → ${show(l.after)}`}</span>,
          ])}
        />
      </Section>
      {audit.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          busy={audit.isFetchingNextPage}
          onClick={() => void audit.fetchNextPage()}
        >
          {t.audit.more}
        </Button>
      ) : null}
    </div>
  );
}
