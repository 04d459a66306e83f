import type { TwoFactorSetup } from '@neura/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { errorMessage } from '../api/app-error';
import { securityTexts } from '../texts/security';
import { Button } from '../ui/button';
import { Field, inputClass } from '../ui/field';
import { showToast } from '../ui/toast-store';
import { QrCode } from './qr-code';
import { refresh, securityApi, securityKeys, useTwoFactor } from './queries/security';
import { SettingsSection } from './settings-row';

const t = securityTexts.twoFactor;
const fail = (error: unknown) => showToast({ severity: 'error', message: errorMessage(error) });

function CodeForm({
  intro,
  submit,
  onSubmit,
  withPassword = false,
  children,
}: {
  intro: string;
  submit: string;
  onSubmit: (code: string, password: string) => Promise<void>;
  withPassword?: boolean;
  children?: ReactNode;
}) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const send = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    onSubmit(code.trim(), password)
      .catch(fail)
      .finally(() => setBusy(false));
  };
  return (
    <form className="flex flex-col gap-3 px-4 py-3" onSubmit={send}>
      <p className="text-sm text-muted">{intro}</p>
      {children}
      {withPassword ? (
        <Field label={t.passwordLabel}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
      ) : null}
      <Field label={t.codeLabel}>
        {(control) => (
          <input
            {...control}
            className={inputClass}
            name="one-time-code"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" variant="primary" className="self-start" disabled={busy || code.trim().length < 6}>
        {submit}
      </Button>
    </form>
  );
}

function BackupCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-3 px-4 py-3" data-testid="backup-codes">
      <h4 className="font-semibold">{t.backupHeading}</h4>
      <p className="text-sm text-muted">{t.backupIntro}</p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm" dir="ltr">
        {codes.map((c) => (
          <li key={c} className="rounded-lg bg-surface-3 px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(codes.join('\n'))
              .then(() => showToast({ severity: 'success', message: t.copied }))
              .catch(fail)
          }
        >
          {t.copy}
        </Button>
        <Button variant="primary" onClick={onDone}>
          {t.done}
        </Button>
      </div>
    </div>
  );
}

/** Two-step verification: turn on (QR + key, a code), backup codes shown once, new codes, turn off. */
export function TwoFactorSection() {
  const { data } = useTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [mode, setMode] = useState<'regenerate' | 'off' | null>(null);
  const shown = (backupCodes: string[]) => {
    setSetup(null);
    setMode(null);
    setCodes(backupCodes);
    void refresh(securityKeys.twoFactor);
  };
  let body: ReactNode;
  if (codes) body = <BackupCodesList codes={codes} onDone={() => setCodes(null)} />;
  else if (setup)
    body = (
      <CodeForm
        intro={t.scan}
        submit={t.confirm}
        onSubmit={async (code) => shown((await securityApi.enable(code)).backupCodes)}
      >
        <QrCode value={setup.otpauthUrl} label={t.qrLabel} />
        <p className="text-sm">
          {t.secretLabel}:{' '}
          <code className="break-all font-mono" dir="ltr" data-testid="totp-secret">
            {setup.secret}
          </code>
        </p>
      </CodeForm>
    );
  else if (mode === 'regenerate')
    body = (
      <CodeForm
        intro={t.regenerateIntro}
        submit={t.regenerate}
        onSubmit={async (code) => shown((await securityApi.regenerate(code)).backupCodes)}
      />
    );
  else if (mode === 'off')
    body = (
      <CodeForm
        intro={t.turnOffIntro}
        submit={t.turnOff}
        withPassword
        onSubmit={async (code, password) => {
          await securityApi.disable(password, code);
          setMode(null);
          showToast({ severity: 'success', message: t.turnedOff });
          await refresh(securityKeys.twoFactor);
        }}
      />
    );
  return (
    <SettingsSection title={t.heading}>
      <div className="rounded-xl border border-border bg-surface-2">
        <div className="flex flex-wrap items-center gap-3 px-4 py-3">
          <div className="min-w-56 flex-1">
            <p className="text-sm text-muted">{t.intro}</p>
            {data ? (
              <p className="font-medium" data-testid="two-factor-state">
                {data.enabled ? `${t.on} · ${t.left(data.backupCodesLeft)}` : t.off}
              </p>
            ) : null}
          </div>
          {data && !data.enabled && !setup && !codes ? (
            <Button variant="primary" onClick={() => void securityApi.setup().then(setSetup).catch(fail)}>
              {t.turnOn}
            </Button>
          ) : null}
          {data?.enabled && !codes ? (
            <>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setMode(mode === 'regenerate' ? null : 'regenerate')}
              >
                {t.regenerate}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setMode(mode === 'off' ? null : 'off')}>
                {t.turnOff}
              </Button>
            </>
          ) : null}
        </div>
        {body ? <div className="border-t border-border">{body}</div> : null}
      </div>
    </SettingsSection>
  );
}
