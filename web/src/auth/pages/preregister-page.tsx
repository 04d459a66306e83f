import { appTexts } from '../../texts/app-texts';
import { Button } from '../../ui/button';
import { openWaitlist } from '../actions';
import { useAuthFlow } from '../auth-flow-store';
import { SecondaryButton } from '../form-controls';

/** preregister: "Join the waitlist" or "I have an invite code". */
export function PreregisterPage() {
  const goTo = useAuthFlow((s) => s.goTo);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">{appTexts.auth.intros.preregister}</p>
      <Button onClick={() => goTo('invitecheck')} variant="primary" size="lg" className="w-full">
        {appTexts.auth.haveInvite}
      </Button>
      <SecondaryButton onClick={openWaitlist}>{appTexts.auth.joinWaitlist}</SecondaryButton>
    </div>
  );
}
