import type { LinkedIdentity } from '@neura/contract';
import { useState } from 'react';
import { formatDay } from '../texts/format';
import { securityTexts } from '../texts/security';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { showToast } from '../ui/toast-store';
import { refresh, securityApi, securityKeys, useIdentities } from './queries/security';
import { reportFailure, withReauth } from './reauth';
import { SettingsSection } from './settings-row';

const t = securityTexts.identities;

function IdentityRow({ identity }: { identity: LinkedIdentity }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="identity-row">
      <div className="min-w-0 flex-1">
        <p className="font-medium">{identity.providerName}</p>
        <p className="text-sm text-muted">
          {identity.email ? (
            <>
              <bdi dir="ltr">{identity.email}</bdi>
              {' · '}
            </>
          ) : null}
          {t.linked(formatDay(identity.createdAt))}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
        {t.unlink}
      </Button>
      {confirming ? (
        <ConfirmDialog
          title={t.unlinkTitle}
          body={t.unlinkConfirm(identity.providerName)}
          confirm={t.unlink}
          cancel={securityTexts.reauth.cancel}
          danger
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            void withReauth(() => securityApi.unlink(identity.id))
              .then(() => {
                showToast({ severity: 'success', message: t.unlinked });
                return refresh(securityKeys.identities);
              })
              .catch(reportFailure)
          }
        />
      ) : null}
    </li>
  );
}

/** The outside identities (Google, Apple, OpenID) linked to the account, each with Unlink (issue #47). */
export function IdentitiesSection() {
  const { data } = useIdentities();
  if (!data || data.length === 0) return null;
  return (
    <SettingsSection title={t.heading}>
      <div className="rounded-xl border border-border bg-surface-2" data-testid="identities">
        <p className="px-4 pt-3 text-sm text-muted">{t.intro}</p>
        <ul className="divide-y divide-border">
          {data.map((i) => (
            <IdentityRow key={i.id} identity={i} />
          ))}
        </ul>
      </div>
    </SettingsSection>
  );
}
