import type { Passkey } from '@neura/contract';
import { useState } from 'react';
import { AppError, errorMessage } from '../api/app-error';
import { formatDay } from '../texts/format';
import { securityTexts } from '../texts/security';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Field, inputClass } from '../ui/field';
import { showToast } from '../ui/toast-store';
import { refresh, securityApi, securityKeys, usePasskeys } from './queries/security';
import { reportFailure, withReauth } from './reauth';
import { SettingsSection } from './settings-row';

const t = securityTexts.passkeys;
const fail = (error: unknown) => showToast({ severity: 'error', message: errorMessage(error) });

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const when = [
    t.created(formatDay(passkey.createdAt)),
    passkey.lastUsedAt ? t.lastUsed(formatDay(passkey.lastUsedAt)) : null,
  ];
  const save = async () => {
    try {
      await securityApi.renamePasskey(passkey.id, (draft ?? '').trim());
      setDraft(null);
      await refresh(securityKeys.passkeys);
    } catch (error) {
      fail(error);
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="passkey-row">
      {draft === null ? (
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{passkey.name}</p>
          <p className="text-sm text-muted">{when.filter(Boolean).join(' · ')}</p>
        </div>
      ) : (
        <Field label={t.nameLabel(passkey.name)} hideLabel className="min-w-0 flex-1">
          {(control) => (
            <input
              {...control}
              className={inputClass}
              value={draft}
              maxLength={60}
              onChange={(e) => setDraft(e.target.value)}
            />
          )}
        </Field>
      )}
      {draft === null ? (
        <>
          <Button variant="secondary" size="sm" onClick={() => setDraft(passkey.name)}>
            {t.rename}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            {t.remove}
          </Button>
        </>
      ) : (
        <>
          <Button variant="primary" size="sm" disabled={draft.trim() === ''} onClick={() => void save()}>
            {t.save}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setDraft(null)}>
            {t.cancel}
          </Button>
        </>
      )}
      {confirming ? (
        <ConfirmDialog
          title={t.remove}
          body={t.removeConfirm(passkey.name)}
          confirm={t.remove}
          cancel={t.cancel}
          danger
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            withReauth(() => securityApi.removePasskey(passkey.id))
              .then(() => {
                showToast({ severity: 'success', message: t.removed });
                return refresh(securityKeys.passkeys);
              })
              .catch(reportFailure);
          }}
        />
      ) : null}
    </li>
  );
}

/** Passkeys: add one on this device, rename, remove (issue #47). */
export function PasskeysSection() {
  const { data } = usePasskeys();
  const [adding, setAdding] = useState(false);
  const supported = typeof window.PublicKeyCredential === 'function';
  const add = async () => {
    setAdding(true);
    try {
      await securityApi.addPasskey();
      showToast({ severity: 'success', message: t.added });
      await refresh(securityKeys.passkeys);
    } catch (error) {
      showToast({ severity: 'error', message: error instanceof AppError ? error.message : t.cancelled });
    } finally {
      setAdding(false);
    }
  };
  return (
    <SettingsSection title={t.heading}>
      <div className="rounded-xl border border-border bg-surface-2">
        <p className="px-4 pt-3 text-sm text-muted">{t.intro}</p>
        {data && data.length > 0 ? (
          <ul className="divide-y divide-border">
            {data.map((p) => (
              <PasskeyRow key={p.id} passkey={p} />
            ))}
          </ul>
        ) : (
          <p className="px-4 py-3 text-sm">{t.none}</p>
        )}
        <div className="border-t border-border px-4 py-3">
          <Button variant="primary" disabled={!supported || adding} onClick={() => void add()}>
            {adding ? t.adding : supported ? t.add : t.unsupported}
          </Button>
        </div>
      </div>
    </SettingsSection>
  );
}
