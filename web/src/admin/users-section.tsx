import { useState } from 'react';
import { ledgerLabel, productName } from '../billing/ledger-label';
import { adminTexts as t } from '../texts/admin';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Field } from '../ui/field';
import { type AdminUser, adminApi } from './admin-api';
import { act, inputClass, Loading, money, SearchForm, Section, Table, when } from './kit';
import { invalidateUsers, useUser, useUsers } from './queries/users';

function UserDetail({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { data, error, refetch } = useUser(user.id);
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState<'suspend' | 'delete' | null>(null);
  const [days, setDays] = useState('30');
  /** After an action: the detail and the list read again. */
  const changed = () => void invalidateUsers();
  if (!data) return <Loading error={error} retry={refetch} />;
  return (
    <div className="flex flex-col gap-3 p-3" data-testid="admin-user-detail">
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="font-medium">{data.email}</p>
          <p className="text-sm text-muted">
            {`${data.firstName} ${data.lastName}`} · {t.users.credits}:{' '}
            <span data-testid="admin-user-credits">{data.credits}</span> · {t.users.pro}:{' '}
            {data.isPro ? when(data.proExpiry) : t.users.no} · {t.users.chats}: {data.chats} · {t.users.lastSeen}:{' '}
            {data.lastSeenAt ? when(data.lastSeenAt) : t.users.never}
            {data.suspended ? ` · ${t.users.suspended}` : ''}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={onClose}>
          {t.users.close}
        </Button>
      </div>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void act(
            () => adminApi.credits(user.id, Number(amount)),
            () => {
              setAmount('');
              changed();
            },
          );
        }}
      >
        <Field compact label={t.users.amount}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              inputMode="numeric"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              required
              data-testid="admin-credits-amount"
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" size="sm">
          {t.users.grant}
        </Button>
      </form>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void act(() => adminApi.givePro(user.id, Number(days)), changed);
        }}
      >
        <Field compact label={t.users.proDays}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              inputMode="numeric"
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" size="sm">
          {t.users.givePro}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            if (window.confirm(t.users.confirmEndPro(data.email)))
              void act(() => adminApi.endPro(user.id, 'now'), changed);
          }}
        >
          {t.users.endPro}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            if (window.confirm(t.users.confirmEndProAtPeriodEnd(data.email)))
              void act(() => adminApi.endPro(user.id, 'period-end'), changed);
          }}
        >
          {t.users.endProAtPeriodEnd}
        </Button>
      </form>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void act(() => adminApi.role(user.id, data.role === 'admin' ? 'user' : 'admin'), changed)}
        >
          {data.role === 'admin' ? t.users.makeUser : t.users.makeAdmin}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="text-danger"
          onClick={() => {
            if (data.suspended) void act(() => adminApi.suspend(user.id, false), changed);
            else setConfirming('suspend');
          }}
        >
          {data.suspended ? t.users.unsuspend : t.users.suspend}
        </Button>
        <Button variant="secondary" size="sm" className="text-danger" onClick={() => setConfirming('delete')}>
          {t.users.delete}
        </Button>
      </div>
      {confirming === 'suspend' ? (
        <ConfirmDialog
          title={t.users.confirmSuspendTitle}
          body={t.users.confirmSuspend(data.email)}
          confirm={t.users.suspend}
          cancel={t.users.cancel}
          danger
          onConfirm={() => void act(() => adminApi.suspend(user.id, true), changed)}
          onClose={() => setConfirming(null)}
        />
      ) : confirming === 'delete' ? (
        <ConfirmDialog
          title={t.users.confirmDeleteTitle}
          body={t.users.confirmDelete(data.email)}
          confirm={t.users.delete}
          cancel={t.users.cancel}
          danger
          onConfirm={() =>
            void act(
              () => adminApi.deleteUser(user.id),
              () => {
                changed();
                onClose();
              },
            )
          }
          onClose={() => setConfirming(null)}
        />
      ) : null}
      <Section title={t.users.ledger}>
        <Table
          head={[t.orders.when, t.users.credits, '']}
          rows={data.ledger.map((l) => [when(l.createdAt), l.amount > 0 ? `+${l.amount}` : l.amount, ledgerLabel(l)])}
        />
      </Section>
      <Section title={t.users.ordersTitle}>
        <Table
          head={[t.orders.when, t.dashboard.product, t.orders.status, t.dashboard.amount]}
          rows={data.orders.map((o) => [
            when(o.createdAt),
            productName(o.product),
            o.status,
            money(o.amountCents / 100, o.currency),
          ])}
        />
      </Section>
    </div>
  );
}

/** Search by email; a user's page with their balance, Pro, ledger and orders, and the actions. */
export function UsersSection() {
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<AdminUser | null>(null);
  const { data, error, refetch } = useUsers(q);
  return (
    <div className="flex flex-col gap-3">
      <SearchForm id="admin-user-search" label={t.users.search} onSearch={setQ} />
      {open ? (
        <div className="rounded-xl border border-border bg-surface-2">
          <UserDetail user={open} onClose={() => setOpen(null)} />
        </div>
      ) : null}
      {!data ? (
        <Loading error={error} retry={refetch} />
      ) : data.items.length === 0 ? (
        <p className="text-muted">{t.users.none}</p>
      ) : (
        <Section title={t.tabs.users}>
          <Table
            head={[t.users.email, t.users.credits, t.users.pro, t.users.role, t.users.lastSeen, '']}
            rows={data.items.map((u) => [
              <span key="e" className={u.suspended ? 'line-through' : ''}>
                {u.email}
              </span>,
              u.credits,
              u.isPro ? t.users.yes : t.users.no,
              u.role,
              u.lastSeenAt ? when(u.lastSeenAt) : t.users.never,
              <Button
                key="o"
                variant="secondary"
                size="sm"
                onClick={() => setOpen(u)}
                aria-label={`${t.users.open} ${u.email}`}
              >
                {t.users.open}
              </Button>,
            ])}
          />
        </Section>
      )}
    </div>
  );
}
