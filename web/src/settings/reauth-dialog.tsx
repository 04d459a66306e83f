import { type FormEvent, useId, useState, useSyncExternalStore } from 'react';
import { errorMessage } from '../api/app-error';
import { securityTexts } from '../texts/security';
import { Button } from '../ui/button';
import { Field, inputClass } from '../ui/field';
import { ModalFrame } from '../ui/modal-frame';
import { securityApi } from './queries/security';
import { reauthStore } from './reauth';

const t = securityTexts.reauth;

function ReauthForm({ hasPasskeys, hasTwoFactor }: { hasPasskeys: boolean; hasTwoFactor: boolean }) {
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const run = (proof: () => Promise<unknown>) => {
    setBusy(true);
    setAlert(null);
    proof()
      .then(() => reauthStore.settle(true))
      .catch((e: unknown) => setAlert(errorMessage(e, t.failed)))
      .finally(() => setBusy(false));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run(() => (password ? securityApi.reauth({ password }) : securityApi.reauth({ code: code.trim() })));
  };
  return (
    <ModalFrame titleId={titleId} onClose={() => reauthStore.settle(false)} className="sm:max-w-sm">
      <form className="flex flex-col gap-3 p-5" onSubmit={submit} data-testid="reauth-dialog">
        <h2 id={titleId} className="text-lg font-semibold">
          {t.title}
        </h2>
        <p className="text-sm text-muted">{t.intro}</p>
        {alert ? (
          <p role="alert" className="rounded-xl border-s-4 border-danger bg-surface-3 px-3 py-2 text-sm text-danger">
            {alert}
          </p>
        ) : null}
        <Field label={t.password}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              data-autofocus
            />
          )}
        </Field>
        {hasTwoFactor ? (
          <Field label={t.orCode}>
            {(control) => (
              <input
                {...control}
                className={inputClass}
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </Field>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => reauthStore.settle(false)}>
            {t.cancel}
          </Button>
          {hasPasskeys ? (
            <Button variant="secondary" disabled={busy} onClick={() => run(() => securityApi.reauthWithPasskey())}>
              {t.usePasskey}
            </Button>
          ) : null}
          <Button type="submit" variant="primary" disabled={busy || (!password && code.trim().length < 6)}>
            {t.confirm}
          </Button>
        </div>
      </form>
    </ModalFrame>
  );
}

/** The "Confirm it's you" dialog, open while an action waits for a recent proof (reauth.ts). */
export function ReauthDialog(props: { hasPasskeys: boolean; hasTwoFactor: boolean }) {
  const open = useSyncExternalStore(reauthStore.subscribe, reauthStore.isOpen);
  return open ? <ReauthForm {...props} /> : null;
}
