import { appTexts } from '../../texts/app-texts';
import { submitTwoFactor } from '../actions';
import { useAuthFlow } from '../auth-flow-store';
import { AuthForm, PrimaryButton, TextField } from '../form-controls';

/** twofactor: the code of the authenticator app (or a backup code) after a right password (issue #47). */
export function TwoFactorPage() {
  const code = useAuthFlow((s) => s.twoFactorCode);
  const busy = useAuthFlow((s) => s.busy);
  const set = useAuthFlow((s) => s.set);
  return (
    <AuthForm onSubmit={submitTwoFactor}>
      <p className="text-muted">{appTexts.auth.twoFactorIntro}</p>
      <TextField
        label={appTexts.auth.twoFactorCode}
        name="one-time-code"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => set({ twoFactorCode: e.target.value })}
        autoFocus
      />
      <PrimaryButton disabled={code.trim().length < 6} busy={busy}>
        {appTexts.auth.twoFactorSubmit}
      </PrimaryButton>
    </AuthForm>
  );
}
