import { useState } from 'react';
import { errorMessage } from '../api/app-error';
import { productName } from '../billing/ledger-label';
import { adminTexts as t } from '../texts/admin';
import { billingTexts } from '../texts/texts';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { showToast } from '../ui/toast-store';
import { type AdminOrder, type AuditLine, adminApi } from './admin-api';
import {
  act,
  buttonClass,
  dangerButtonClass,
  inputClass,
  Loading,
  money,
  SearchForm,
  Section,
  Table,
  useLoad,
  when,
} from './kit';

/** Orders of everyone, newest first; a paid order can be refunded in full. */
export function OrdersSection() {
  const [q, setQ] = useState('');
  const { data, error, reload } = useLoad(() => adminApi.orders(q), q);
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
          onConfirm={() => void act(() => adminApi.refund(refunding.id), reload)}
          onClose={() => setRefunding(null)}
        />
      ) : null}
      <SearchForm id="admin-order-search" label={t.orders.search} onSearch={setQ} />
      {!data ? (
        <Loading error={error} retry={reload} />
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
                  type="button"
                  className={dangerButtonClass}
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

/** Invite codes (with their use counts) and the waitlist. */
export function InvitesSection() {
  const invites = useLoad(() => adminApi.invites(), 'invites');
  const waitlist = useLoad(() => adminApi.waitlist(), 'waitlist');
  const [count, setCount] = useState('1');
  const [uses, setUses] = useState('1');
  const [fresh, setFresh] = useState<string[]>([]);
  const [inviteCount, setInviteCount] = useState('1');
  /** Sends the invite mail to one waiting address; says whether the mail went out. */
  const approve = async (email: string) => {
    try {
      const { items } = await adminApi.approveWaitlist([email]);
      const sent = items[0]?.sent ?? false;
      showToast({
        severity: sent ? 'success' : 'error',
        message: sent ? t.invites.approved(email) : t.invites.notSent(email),
      });
      waitlist.reload();
      invites.reload();
    } catch (error) {
      showToast({ severity: 'error', message: errorMessage(error) });
    }
  };
  const exportCsv = async () => {
    const blob = await adminApi.waitlistCsv();
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'waitlist.csv';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-4">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            const { codes } = await adminApi.createInvites(Number(count), Number(uses));
            setFresh(codes);
          }, invites.reload);
        }}
      >
        <label className="flex flex-col text-xs">
          {t.invites.count}
          <input className={inputClass} inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
        </label>
        <label className="flex flex-col text-xs">
          {t.invites.uses}
          <input className={inputClass} inputMode="numeric" value={uses} onChange={(e) => setUses(e.target.value)} />
        </label>
        <Button type="submit" className={buttonClass}>
          {t.invites.create}
        </Button>
      </form>
      {fresh.length > 0 ? (
        <div className="rounded-xl border border-border bg-surface-2 p-3" role="status">
          <p className="text-sm">{t.invites.created}</p>
          <ul className="font-mono text-sm">
            {fresh.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {!invites.data ? (
        <Loading error={invites.error} retry={invites.reload} />
      ) : (
        <Section title={t.tabs.invites}>
          <Table
            head={[t.invites.code, t.invites.usesColumn, t.orders.when, '']}
            rows={invites.data.items.map((i) => [
              i.hint,
              `${i.uses}/${i.maxUses}${i.revoked ? ` · ${t.invites.revoked}` : ''}`,
              when(i.createdAt),
              i.revoked ? null : (
                <Button
                  key="r"
                  type="button"
                  className={dangerButtonClass}
                  onClick={() => void act(() => adminApi.revokeInvite(i.hint), invites.reload)}
                >
                  {t.invites.revoke}
                </Button>
              ),
            ])}
          />
        </Section>
      )}
      <Section title={t.invites.waitlist}>
        <div className="flex flex-wrap items-end gap-2 p-3">
          <label className="flex flex-col text-xs">
            {t.invites.count}
            <input
              className={inputClass}
              inputMode="numeric"
              value={inviteCount}
              onChange={(e) => setInviteCount(e.target.value)}
            />
          </label>
          <Button
            type="button"
            className={buttonClass}
            onClick={() => void act(() => adminApi.inviteWaitlist(Number(inviteCount)), waitlist.reload)}
          >
            {t.invites.inviteOldest}
          </Button>
          <Button type="button" className={buttonClass} onClick={() => void act(exportCsv)}>
            {t.invites.export}
          </Button>
        </div>
        {waitlist.data ? (
          <Table
            head={[t.users.email, t.orders.when, t.orders.status, '']}
            rows={waitlist.data.items.map((w) => [
              w.email,
              when(w.createdAt),
              <span key="s" data-testid="waitlist-status">
                {w.invitedAt ? t.invites.invited(when(w.invitedAt)) : t.invites.waiting}
              </span>,
              <Button
                key="a"
                type="button"
                className={buttonClass}
                aria-label={t.invites.approveLabel(w.email)}
                onClick={() => void approve(w.email)}
              >
                {w.invitedAt ? t.invites.reinvite : t.invites.approve}
              </Button>,
            ])}
          />
        ) : (
          <Loading error={waitlist.error} retry={waitlist.reload} />
        )}
      </Section>
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
  const { data, error, reload } = useLoad(() => adminApi.feedback(), 'feedback');
  if (!data) return <Loading error={error} retry={reload} />;
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
              type="button"
              className={buttonClass}
              onClick={() => void act(() => adminApi.handled(f.id, !f.handledAt), reload)}
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
  const [pages, setPages] = useState<AuditLine[][]>([]);
  const first = useLoad(() => adminApi.audit(), 'audit');
  if (!first.data) return <Loading error={first.error} retry={first.reload} />;
  const lines = [first.data.items, ...pages].flat();
  if (lines.length === 0) return <p className="text-muted">{t.audit.none}</p>;
  const last = lines[lines.length - 1];
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
      {last && (pages[pages.length - 1]?.length ?? first.data.items.length) === 100 ? (
        <Button
          type="button"
          className={buttonClass}
          onClick={() =>
            void adminApi.audit(last.id).then(
              (page) => setPages((p) => [...p, page.items]),
              () => undefined,
            )
          }
        >
          {t.audit.more}
        </Button>
      ) : null}
    </div>
  );
}
