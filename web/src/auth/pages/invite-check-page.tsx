import { isValidInviteCode } from '@neura/contract';
import { appTexts } from '../../texts/app-texts';
import { openWaitlist, submitInvite } from '../actions';
import { useAuthFlow } from '../auth-flow-store';
import { AuthForm, LinkButton, PrimaryButton, TextField } from '../form-controls';

/** invitecheck: the invite code; "Need an invite code?" opens the waitlist. */
export function InviteCheckPage() {
  const code = useAuthFlow((s) => s.inviteCode);
  const busy = useAuthFlow((s) => s.busy);
  const set = useAuthFlow((s) => s.set);
  return (
    <AuthForm onSubmit={submitInvite}>
      <p className="text-muted">{appTexts.auth.intros.invitecheck}</p>
      <TextField
        label={appTexts.auth.inviteCode}
        name="invite-code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={appTexts.auth.invitePlaceholder}
        value={code}
        onChange={(e) => set({ inviteCode: e.target.value.toUpperCase() })}
        className="font-mono"
        autoFocus
      />
      <PrimaryButton disabled={!isValidInviteCode(code.trim())} busy={busy}>
        {appTexts.auth.continue}
      </PrimaryButton>
      <LinkButton onClick={openWaitlist}>{appTexts.auth.needInvite}</LinkButton>
    </AuthForm>
  );
}
