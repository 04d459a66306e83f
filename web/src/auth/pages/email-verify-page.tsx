import { appTexts } from '../../texts/app-texts';
import { resendVerifyCode, submitVerifyCode } from '../actions';
import { useAuthFlow } from '../auth-flow-store';
import { CodeInput } from '../code-input';
import { AuthForm, LinkButton, PrimaryButton } from '../form-controls';

/** emailverify: the 4-digit code, the address the email went to, a spam hint. */
export function EmailVerifyPage() {
  const email = useAuthFlow((s) => s.email);
  const code = useAuthFlow((s) => s.verifyCode);
  const busy = useAuthFlow((s) => s.busy);
  const set = useAuthFlow((s) => s.set);
  const complete = code.every((d) => /^\d$/.test(d));
  return (
    <AuthForm onSubmit={() => submitVerifyCode(code.join(''))}>
      <p className="text-muted">
        {appTexts.auth.emailSentTo}{' '}
        <span className="font-medium text-fg" data-testid="verify-email">
          {email}
        </span>
      </p>
      <CodeInput
        value={code}
        onChange={(digits) => set({ verifyCode: digits })}
        onComplete={submitVerifyCode}
        disabled={busy}
        autoFocus
      />
      <p className="text-center text-sm text-muted">{appTexts.auth.spamHint}</p>
      <PrimaryButton disabled={!complete} busy={busy}>
        {appTexts.auth.continue}
      </PrimaryButton>
      <LinkButton onClick={resendVerifyCode} disabled={busy}>
        {appTexts.auth.didntGetEmail}
      </LinkButton>
    </AuthForm>
  );
}
