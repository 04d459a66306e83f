import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../api/app-error';
import { deleteAccount } from '../auth/auth-api';
import { useAuthFlow } from '../auth/auth-flow-store';
import { Captcha } from '../auth/captcha';
import { useCaptchaChallenge } from '../auth/captcha-challenge';
import { appTexts } from '../texts/app-texts';
import { texts } from '../texts/texts';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { PasswordInput } from './password-input';
import { endSession } from './use-logout';

/**
 * Delete Account: an explicit warning and the password → DELETE /users/me; then signed out and
 * sent to /. After repeated wrong passwords the server asks for the captcha.
 */
export default function DeleteAccountPage() {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const captcha = useCaptchaChallenge();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password || !understood || !captcha.ready) return;
    setDeleting(true);
    setError(null);
    try {
      await deleteAccount(password, captcha.token);
      // The sign-in modal that follows says it first (it used to open without a word).
      useAuthFlow.setState({ farewell: { severity: 'success', message: appTexts.deleteAccount.done } });
      await endSession({ revoke: false });
      navigate('/');
    } catch (err) {
      setError(errorMessage(err));
      await captcha.fail(err);
      setDeleting(false);
    }
  };

  return (
    <form onSubmit={submit} className="mx-auto flex max-w-md flex-col gap-4 p-4" noValidate>
      <h2 className="sr-only">{texts.titles.delete}</h2>
      <div role="note" className="rounded-xl border border-danger/60 bg-surface-2 p-4">
        <p className="mb-1 font-semibold text-danger">{appTexts.deleteAccount.warningTitle}</p>
        <p className="text-sm">{appTexts.deleteAccount.warning}</p>
      </div>
      <PasswordInput
        label={appTexts.deleteAccount.password}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      <Field label={appTexts.deleteAccount.confirm} layout="check">
        {(control) => (
          <input
            {...control}
            type="checkbox"
            checked={understood}
            onChange={(event) => setUnderstood(event.target.checked)}
            className="mt-1 h-4 w-4 accent-[var(--color-accent)]"
          />
        )}
      </Field>
      {captcha.shown && captcha.siteKey ? (
        <Captcha siteKey={captcha.siteKey} value={captcha.token} onChange={captcha.setToken} />
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <Button
        type="submit"
        disabled={!password || !understood || deleting || !captcha.ready}
        className="rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white disabled:opacity-50"
      >
        {deleting ? appTexts.deleteAccount.deleting : appTexts.deleteAccount.submit}
      </Button>
    </form>
  );
}
