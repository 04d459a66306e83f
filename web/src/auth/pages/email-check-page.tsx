import { isValidEmail } from '@neura/contract';
import { appTexts } from '../../texts/app-texts';
import { signInWithPasskey, submitEmail } from '../actions';
import { useAuthFlow } from '../auth-flow-store';
import { AuthForm, LinkButton, PrimaryButton, TextField } from '../form-controls';
import { ProviderButtons } from '../provider-buttons';

/** emailcheck: email and Continue (disabled until the address looks valid); or a passkey (issue #47). */
export function EmailCheckPage() {
  const email = useAuthFlow((s) => s.email);
  const busy = useAuthFlow((s) => s.busy);
  const set = useAuthFlow((s) => s.set);
  return (
    <AuthForm onSubmit={submitEmail}>
      <p className="text-muted">{appTexts.auth.intros.emailcheck}</p>
      <TextField
        label={appTexts.auth.email}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder={appTexts.auth.emailPlaceholder}
        value={email}
        onChange={(e) => set({ email: e.target.value })}
        autoFocus
      />
      <PrimaryButton disabled={!isValidEmail(email.trim())} busy={busy}>
        {appTexts.auth.continue}
      </PrimaryButton>
      {typeof window.PublicKeyCredential === 'function' ? (
        <LinkButton onClick={() => void signInWithPasskey()} disabled={busy}>
          {appTexts.auth.passkeySignIn}
        </LinkButton>
      ) : null}
      <ProviderButtons />
    </AuthForm>
  );
}
