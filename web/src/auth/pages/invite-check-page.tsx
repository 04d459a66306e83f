import { isValidInviteCode } from '@neura/contract';
import { texts } from '../../texts/texts';
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
      <p className="text-muted">{texts.auth.intros.invitecheck}</p>
      <TextField
        label={texts.auth.inviteCode}
        name="invite-code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={texts.auth.invitePlaceholder}
        value={code}
        onChange={(e) => set({ inviteCode: e.target.value.toUpperCase() })}
        className="font-mono"
        autoFocus
      />
      <PrimaryButton disabled={!isValidInviteCode(code.trim())} busy={busy}>
        {texts.auth.continue}
      </PrimaryButton>
      <LinkButton onClick={openWaitlist}>{texts.auth.needInvite}</LinkButton>
    </AuthForm>
  );
}
