import { appTexts } from '../../texts/app-texts';
import { submitNewPassword } from '../actions';
import { useAuthFlow } from '../auth-flow-store';
import { AuthForm, PrimaryButton, TextField } from '../form-controls';

/** resetpass: new password and confirmation. */
export function ResetPassPage() {
  const password = useAuthFlow((s) => s.newPassword);
  const confirm = useAuthFlow((s) => s.newPasswordConfirm);
  const busy = useAuthFlow((s) => s.busy);
  const set = useAuthFlow((s) => s.set);
  return (
    <AuthForm onSubmit={submitNewPassword}>
      <p className="text-muted">{appTexts.auth.intros.resetpass}</p>
      <TextField
        label={appTexts.auth.newPassword}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => set({ newPassword: e.target.value })}
        autoFocus
      />
      <TextField
        label={appTexts.auth.passwordConfirm}
        type="password"
        name="new-password-confirm"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => set({ newPasswordConfirm: e.target.value })}
      />
      <p className="text-xs text-muted">{appTexts.auth.passwordHint}</p>
      <PrimaryButton disabled={password === '' || confirm === ''} busy={busy}>
        {appTexts.auth.resetPassword}
      </PrimaryButton>
    </AuthForm>
  );
}
