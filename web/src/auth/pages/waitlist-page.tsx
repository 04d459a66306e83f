import { isValidEmail } from '@neura/contract';
import { appTexts } from '../../texts/app-texts';
import { Button } from '../../ui/button';
import { submitWaitlist } from '../actions';
import { useAuthFlow } from '../auth-flow-store';
import { AuthForm, PrimaryButton, TextField } from '../form-controls';

/** The built-in waitlist (WAITLIST_URL unset): stores the address and confirms; Done closes the modal. */
export function WaitlistPage({ onClose }: { onClose: () => void }) {
  const email = useAuthFlow((s) => s.email);
  const joined = useAuthFlow((s) => s.waitlistJoined);
  const busy = useAuthFlow((s) => s.busy);
  const set = useAuthFlow((s) => s.set);
  if (joined) {
    const done = () => {
      onClose();
      // Reopening the modal starts afresh instead of showing this confirmation again.
      set({ waitlistJoined: false });
      useAuthFlow.getState().goTo('emailcheck');
    };
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="rounded-xl bg-surface-3 p-4 text-success">
          {appTexts.auth.waitlistJoined}
        </p>
        <Button onClick={done} variant="primary" size="lg" className="w-full">
          {appTexts.auth.done}
        </Button>
      </div>
    );
  }
  return (
    <AuthForm onSubmit={submitWaitlist}>
      <p className="text-muted">{appTexts.auth.intros.waitlist}</p>
      <TextField
        label={appTexts.auth.email}
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => set({ email: e.target.value })}
      />
      <PrimaryButton disabled={!isValidEmail(email.trim())} busy={busy}>
        {appTexts.auth.joinWaitlist}
      </PrimaryButton>
    </AuthForm>
  );
}
