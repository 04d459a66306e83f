import { isValidEmail } from '@neura/contract';
import { appTexts } from '../../texts/app-texts';
import { forgotPassword, submitLogin } from '../actions';
import { useAuthFlow } from '../auth-flow-store';
import { Captcha } from '../captcha';
import { AuthForm, LinkButton, PrimaryButton, TermsNote, TextField } from '../form-controls';

/**
 * login: password, Login, "Forgot your password?", terms link; the captcha once the server asks
 * for it after repeated failures.
 */
export function LoginPage() {
  const email = useAuthFlow((s) => s.email);
  const password = useAuthFlow((s) => s.password);
  const busy = useAuthFlow((s) => s.busy);
  const set = useAuthFlow((s) => s.set);
  const captchaAsked = useAuthFlow((s) => s.loginCaptcha);
  const captchaToken = useAuthFlow((s) => s.loginCaptchaToken);
  const siteKey = useAuthFlow((s) => s.captchaSiteKey);
  return (
    <AuthForm onSubmit={submitLogin}>
      <p className="text-muted">
        {appTexts.auth.intros.login} <span className="font-medium text-fg">{email}</span>
      </p>
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label={appTexts.auth.password}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => set({ password: e.target.value })}
        autoFocus
      />
      {captchaAsked && siteKey ? (
        <Captcha siteKey={siteKey} value={captchaToken} onChange={(v) => set({ loginCaptchaToken: v })} />
      ) : null}
      <PrimaryButton
        disabled={!isValidEmail(email) || password === '' || (captchaAsked && captchaToken === null)}
        busy={busy}
      >
        {appTexts.auth.login}
      </PrimaryButton>
      <LinkButton onClick={forgotPassword} disabled={busy}>
        {appTexts.auth.forgotPassword}
      </LinkButton>
      <TermsNote />
    </AuthForm>
  );
}
