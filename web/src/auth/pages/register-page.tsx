import { isValidEmail } from '@neura/contract';
import { appTexts } from '../../texts/app-texts';
import { submitRegistration } from '../actions';
import { useAuthFlow } from '../auth-flow-store';
import { Captcha } from '../captcha';
import { AuthForm, PrimaryButton, TermsNote, TextField } from '../form-controls';

/** register: first and last name, password, confirmation, captcha when enabled, "Create Account". */
export function RegisterPage() {
  const f = useAuthFlow();
  const captchaOk = !f.captchaEnabled || f.recaptchaToken !== null;
  const ready =
    isValidEmail(f.email) &&
    f.firstName.trim() !== '' &&
    f.lastName.trim() !== '' &&
    f.registerPassword !== '' &&
    f.registerPasswordConfirm !== '' &&
    captchaOk;
  return (
    <AuthForm onSubmit={submitRegistration}>
      <p className="text-muted">
        {appTexts.auth.intros.register} <span className="font-medium text-fg">{f.email}</span>
      </p>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={appTexts.auth.firstName}
          name="given-name"
          autoComplete="given-name"
          value={f.firstName}
          onChange={(e) => f.set({ firstName: e.target.value })}
          autoFocus
        />
        <TextField
          label={appTexts.auth.lastName}
          name="family-name"
          autoComplete="family-name"
          value={f.lastName}
          onChange={(e) => f.set({ lastName: e.target.value })}
        />
      </div>
      <TextField
        label={appTexts.auth.password}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={f.registerPassword}
        onChange={(e) => f.set({ registerPassword: e.target.value })}
      />
      <TextField
        label={appTexts.auth.passwordConfirm}
        type="password"
        name="new-password-confirm"
        autoComplete="new-password"
        value={f.registerPasswordConfirm}
        onChange={(e) => f.set({ registerPasswordConfirm: e.target.value })}
      />
      <p className="text-xs text-muted">{appTexts.auth.passwordHint}</p>
      {f.captchaEnabled && f.captchaSiteKey ? (
        <Captcha siteKey={f.captchaSiteKey} value={f.recaptchaToken} onChange={(v) => f.set({ recaptchaToken: v })} />
      ) : null}
      <PrimaryButton disabled={!ready} busy={f.busy}>
        {appTexts.auth.createAccount}
      </PrimaryButton>
      <TermsNote />
    </AuthForm>
  );
}
