import { isValidInviteCode, normalizeInviteCode, OIDC_FAILURES, type OidcFailureReason } from '@neura/contract';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../api/app-error';
import { useAppStore } from '../store/app-store';
import { oidcTexts as t } from '../texts/oidc';
import { Button } from '../ui/button';
import { fetchAccountOptions, joinWaitlist, loginTwoFactor } from './auth-api';
import { completeSignIn } from './complete-sign-in';
import { AuthForm, PrimaryButton, TextField } from './form-controls';
import { confirmLink, confirmLinkWithPasskey, readTicket, registerWithProvider, type SignInStep } from './oidc-api';

type Step =
  | { kind: 'working' }
  | { kind: 'failed'; message: string }
  | { kind: 'confirm' | 'invite'; email: string; provider: string }
  | { kind: 'two-factor'; challenge: string }
  | { kind: 'waitlisted'; email: string };

const isFailure = (value: string | null): value is OidcFailureReason =>
  value !== null && (OIDC_FAILURES as readonly string[]).includes(value);

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 p-4 sm:p-6" data-testid="oidc-page">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
    </div>
  );
}

/**
 * `/auth/oidc`: where a provider sign-in lands (`?ticket=` or `?error=`). A linked identity is
 * signed in at once; an existing account confirms with its password; a new identity enters its
 * invite code (or joins the waitlist). Errors are said in words with a way back to sign-in.
 */
/** The page renders once its texts are in the active locale (app/pages.tsx waits for this). */
export { oidcTextsReady as ready } from './oidc-texts-ready';

export default function OidcPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [ticket] = useState(() => params.get('ticket') ?? '');
  const error = params.get('error');
  const [step, setStep] = useState<Step>(() =>
    ticket ? { kind: 'working' } : { kind: 'failed', message: t.errors[isFailure(error) ? error : 'failed'] },
  );
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [inviteOnly, setInviteOnly] = useState(true);

  const done = async (token: string) => {
    await completeSignIn(token);
    navigate('/', { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per ticket (done only navigates).
  useEffect(() => {
    if (!ticket) return;
    // The one-time code leaves the address bar (and the history) at once.
    window.history.replaceState(window.history.state, '', '/auth/oidc');
    readTicket(ticket)
      .then(async (answer) => {
        if (answer.next === 'signed-in') return done(answer.token);
        if (answer.next === 'two-factor') return setStep({ kind: 'two-factor', challenge: answer.challenge });
        if (answer.next === 'invite') {
          const options = await fetchAccountOptions().catch(() => undefined);
          setInviteOnly(options?.registration !== 'open');
        }
        setStep({ kind: answer.next, email: answer.email, provider: answer.provider });
      })
      .catch((e: unknown) => setStep({ kind: 'failed', message: errorMessage(e, t.errors.expired) }));
  }, [ticket]);

  const act = async (call: () => Promise<string | SignInStep>) => {
    setBusy(true);
    setAlert(null);
    try {
      const answer = await call();
      if (typeof answer !== 'string' && 'challenge' in answer) {
        setValue('');
        return setStep({ kind: 'two-factor', challenge: answer.challenge });
      }
      await done(typeof answer === 'string' ? answer : answer.token);
    } catch (e) {
      setAlert(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const backToSignIn = (
    <Button
      variant="primary"
      size="lg"
      className="w-full"
      onClick={() => {
        navigate('/', { replace: true });
        useAppStore.getState().setActiveModal('auth');
      }}
    >
      {t.backToSignIn}
    </Button>
  );
  const alertLine = alert ? (
    <p
      role="alert"
      data-testid="oidc-alert"
      className="rounded-xl border-s-4 border-danger bg-surface-3 px-3 py-2 text-sm text-danger"
    >
      {alert}
    </p>
  ) : null;

  if (step.kind === 'working')
    return (
      <Card title={t.working}>
        <div className="h-2 w-full animate-pulse rounded bg-surface-3" role="status" aria-label={t.working} />
      </Card>
    );
  if (step.kind === 'failed')
    return (
      <Card title={t.errorTitle}>
        <p role="alert" data-testid="oidc-error">
          {step.message}
        </p>
        {backToSignIn}
      </Card>
    );
  if (step.kind === 'waitlisted')
    return (
      <Card title={t.inviteTitle}>
        <p role="status">{t.waitlistJoined(step.email)}</p>
      </Card>
    );
  if (step.kind === 'confirm')
    return (
      <Card title={t.confirmTitle}>
        <p className="text-muted">{t.confirmBody(step.provider, step.email)}</p>
        {alertLine}
        <AuthForm onSubmit={() => void act(() => confirmLink(ticket, value))}>
          <input type="hidden" name="username" autoComplete="username" value={step.email} readOnly />
          <TextField
            label={t.password}
            type="password"
            name="password"
            autoComplete="current-password"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoFocus
          />
          <PrimaryButton disabled={value === ''} busy={busy}>
            {t.confirm}
          </PrimaryButton>
        </AuthForm>
        <p className="text-sm text-muted">{t.orPasskey}</p>
        <Button
          variant="secondary"
          className="w-full"
          disabled={busy}
          onClick={() => void act(() => confirmLinkWithPasskey(ticket, step.email))}
        >
          {t.usePasskey}
        </Button>
      </Card>
    );
  if (step.kind === 'two-factor')
    return (
      <Card title={t.twoFactorTitle}>
        <p className="text-muted">{t.twoFactorBody}</p>
        {alertLine}
        <AuthForm onSubmit={() => void act(() => loginTwoFactor(step.challenge, value.trim()))}>
          <TextField
            label={t.code}
            name="one-time-code"
            autoComplete="one-time-code"
            inputMode="text"
            spellCheck={false}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoFocus
          />
          <PrimaryButton disabled={value.trim().length < 6} busy={busy}>
            {t.verify}
          </PrimaryButton>
        </AuthForm>
      </Card>
    );
  const { email } = step;
  return (
    <Card title={t.inviteTitle}>
      <p className="text-muted">{(inviteOnly ? t.inviteBody : t.openBody)(step.provider, email)}</p>
      {alertLine}
      <AuthForm
        onSubmit={() =>
          void act(() => registerWithProvider(ticket, inviteOnly ? normalizeInviteCode(value) : undefined))
        }
      >
        {inviteOnly ? (
          <TextField
            label={t.inviteCode}
            name="invite-code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={value}
            onChange={(e) => setValue(e.target.value.toUpperCase())}
            className="font-mono"
            autoFocus
          />
        ) : null}
        <PrimaryButton disabled={inviteOnly && !isValidInviteCode(value.trim())} busy={busy}>
          {t.createAccount}
        </PrimaryButton>
        {inviteOnly ? (
          <Button
            variant="secondary"
            className="w-full"
            onClick={() =>
              void joinWaitlist(email)
                .then(() => setStep({ kind: 'waitlisted', email }))
                .catch((e: unknown) => setAlert(errorMessage(e)))
            }
          >
            {t.joinWaitlist}
          </Button>
        ) : null}
      </AuthForm>
    </Card>
  );
}
