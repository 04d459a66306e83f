import { appTexts } from '../../texts/app-texts';
import { resendResetCode, submitResetCode } from '../actions';
import { useAuthFlow } from '../auth-flow-store';
import { CodeInput } from '../code-input';
import { AuthForm, LinkButton, PrimaryButton } from '../form-controls';

/** forgotpass: the 4-digit reset code, Continue, "Didn't get an email?". */
export function ForgotPassPage() {
  const code = useAuthFlow((s) => s.resetCode);
  const busy = useAuthFlow((s) => s.busy);
  const set = useAuthFlow((s) => s.set);
  const complete = code.every((d) => /^\d$/.test(d));
  return (
    <AuthForm onSubmit={() => submitResetCode(code.join(''))}>
      <p className="text-muted">{appTexts.auth.intros.forgotpass}</p>
      <CodeInput
        value={code}
        onChange={(digits) => set({ resetCode: digits })}
        onComplete={submitResetCode}
        disabled={busy}
        autoFocus
      />
      <PrimaryButton disabled={!complete} busy={busy}>
        {appTexts.auth.continue}
      </PrimaryButton>
      <LinkButton onClick={resendResetCode} disabled={busy}>
        {appTexts.auth.didntGetEmail}
      </LinkButton>
    </AuthForm>
  );
}
