import { changePasswordRequestSchema } from '@neura/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../api/app-error';
import { changePassword } from '../auth/auth-api';
import { Captcha } from '../auth/captcha';
import { useCaptchaChallenge } from '../auth/captcha-challenge';
import { appTexts } from '../texts/app-texts';
import { texts } from '../texts/texts';
import { Button } from '../ui/button';
import { showToast } from '../ui/toast-store';
import { PasswordInput } from './password-input';

/**
 * Change Password: current + new + confirm → PUT /users/me/password; other sessions are revoked by
 * the server. After repeated wrong current passwords the server asks for the captcha.
 */
export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const captcha = useCaptchaChallenge();

  const mismatch = confirm !== '' && next !== confirm;
  const canSubmit = current !== '' && next !== '' && confirm !== '' && !saving && captcha.ready;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (next !== confirm) {
      setError(appTexts.password.mismatch);
      return;
    }
    const body = changePasswordRequestSchema.parse({ currentPassword: current, password: next });
    setSaving(true);
    setError(null);
    try {
      await changePassword(body.currentPassword, body.password, captcha.token);
      showToast({ severity: 'success', message: appTexts.password.success });
      setCurrent('');
      setNext('');
      setConfirm('');
      navigate('/settings');
    } catch (err) {
      setError(errorMessage(err));
      await captcha.fail(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} className="mx-auto flex max-w-md flex-col gap-4 p-4" noValidate>
      <h2 className="sr-only">{texts.titles.password}</h2>
      <p className="text-muted">{appTexts.password.intro}</p>
      <PasswordInput
        label={appTexts.password.current}
        value={current}
        onChange={setCurrent}
        autoComplete="current-password"
        autoFocus
      />
      <PasswordInput label={appTexts.password.next} value={next} onChange={setNext} autoComplete="new-password" />
      <PasswordInput
        label={appTexts.password.confirm}
        value={confirm}
        onChange={setConfirm}
        autoComplete="new-password"
        error={mismatch ? appTexts.password.mismatch : undefined}
      />
      {captcha.shown && captcha.siteKey ? (
        <Captcha siteKey={captcha.siteKey} value={captcha.token} onChange={captcha.setToken} />
      ) : null}
      {error && !mismatch ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={!canSubmit} variant="primary">
        {saving ? appTexts.password.saving : appTexts.password.submit}
      </Button>
    </form>
  );
}
