import { useState } from 'react';
import { errorMessage } from '../api/app-error';
import { adminTexts as t } from '../texts/admin';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { showToast } from '../ui/toast-store';
import { adminApi } from './admin-api';
import { act, inputClass, Loading, Section, Table, when } from './kit';
import { invalidateInvites, invalidateWaitlist, useInvites, useWaitlist } from './queries/invites';

/** Invite codes (with their use counts) and the waitlist. */
export function InvitesSection() {
  const invites = useInvites();
  const waitlist = useWaitlist();
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
      void invalidateWaitlist();
      void invalidateInvites();
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
          }, invalidateInvites);
        }}
      >
        <Field compact label={t.invites.count}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              inputMode="numeric"
              value={count}
              onChange={(e) => setCount(e.target.value)}
            />
          )}
        </Field>
        <Field compact label={t.invites.uses}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              inputMode="numeric"
              value={uses}
              onChange={(e) => setUses(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" size="sm">
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
        <Loading error={invites.error} retry={invites.refetch} />
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
                  variant="secondary"
                  size="sm"
                  className="text-danger"
                  onClick={() => void act(() => adminApi.revokeInvite(i.hint), invalidateInvites)}
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
          <Field compact label={t.invites.count}>
            {(control) => (
              <input
                {...control}
                className={inputClass}
                inputMode="numeric"
                value={inviteCount}
                onChange={(e) => setInviteCount(e.target.value)}
              />
            )}
          </Field>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void act(() => adminApi.inviteWaitlist(Number(inviteCount)), invalidateWaitlist)}
          >
            {t.invites.inviteOldest}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void act(exportCsv)}>
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
                variant="secondary"
                size="sm"
                aria-label={t.invites.approveLabel(w.email)}
                onClick={() => void approve(w.email)}
              >
                {w.invitedAt ? t.invites.reinvite : t.invites.approve}
              </Button>,
            ])}
          />
        ) : (
          <Loading error={waitlist.error} retry={waitlist.refetch} />
        )}
      </Section>
    </div>
  );
}
