import { type ComponentType, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAppStore } from '../store/app-store';
import { appTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { ModalShell } from '../ui/modal';
import { backTarget } from './actions';
import { AuthAlert } from './auth-alert';
import { fetchAccountOptions } from './auth-api';
import { type AuthPage, useAuthFlow } from './auth-flow-store';
import { EmailCheckPage } from './pages/email-check-page';
import { EmailVerifyPage } from './pages/email-verify-page';
import { ForgotPassPage } from './pages/forgot-pass-page';
import { InitialPage } from './pages/initial-page';
import { InviteCheckPage } from './pages/invite-check-page';
import { LoginPage } from './pages/login-page';
import { PreregisterPage } from './pages/preregister-page';
import { PwaNotifyPage } from './pages/pwa-notify-page';
import { RegisterPage } from './pages/register-page';
import { ResetPassPage } from './pages/reset-pass-page';
import { TwoFactorPage } from './pages/two-factor-page';
import { WaitlistPage } from './pages/waitlist-page';

/** Each page may close the modal (the waitlist confirmation's Done), the same way × does. */
const PAGES: Record<AuthPage, ComponentType<{ onClose: () => void }>> = {
  initial: InitialPage,
  pwanotify: PwaNotifyPage,
  emailcheck: EmailCheckPage,
  login: LoginPage,
  forgotpass: ForgotPassPage,
  resetpass: ResetPassPage,
  preregister: PreregisterPage,
  invitecheck: InviteCheckPage,
  register: RegisterPage,
  emailverify: EmailVerifyPage,
  waitlist: WaitlistPage,
  twofactor: TwoFactorPage,
};

/** Loads the sign-up options (waitlist URL, captcha site key) once the modal opens. */
function useAccountOptions(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    fetchAccountOptions()
      .then((o) => {
        if (!cancelled) useAuthFlow.getState().set({ waitlistUrl: o.waitlistUrl, captchaSiteKey: o.captchaSiteKey });
      })
      .catch((error: unknown) => console.warn('Could not load the sign-up options', error));
    return () => {
      cancelled = true;
    };
  }, [open]);
}

/** The auth modal (id "auth"): the pages of SPEC.md §2 and the transitions of §4. */
/**
 * `browse`: the modal was put in front of a visitor (not opened by them), so closing it browses as a
 * visitor: from a page for signed-in users to Explore (`leave`), or staying on the sign-in entry,
 * Explore itself (`stay`). ×, Escape and the backdrop do the same.
 */
export function AuthModal({ browse }: { browse?: 'stay' | 'leave' | undefined }) {
  const open = useAppStore((s) => s.activeModal === 'auth');
  const setActiveModal = useAppStore((s) => s.setActiveModal);
  const page = useAuthFlow((s) => s.page);
  const alert = useAuthFlow((s) => s.alert);
  const goTo = useAuthFlow((s) => s.goTo);
  useAccountOptions(open);
  const navigate = useNavigate();
  const gated = browse !== undefined;
  const close = () => {
    // Closed without signing in: nowhere to go on to afterwards.
    useAppStore.getState().setAfterSignIn(null);
    if (!gated) {
      setActiveModal(null);
      return;
    }
    useAppStore.getState().setBrowsing(true);
    // A visitor leaves the gated page for good (replace): Back does not lead into the modal again.
    if (browse === 'leave') navigate('/', { replace: true });
    else setActiveModal(null);
  };

  // A fresh visitor starts with the intro; someone who finished it starts at emailcheck.
  useEffect(() => {
    if (useAuthFlow.getState().page === 'initial' && useAppStore.getState().introFinished) goTo('emailcheck');
  }, [goTo]);

  const Page = PAGES[page];
  const back = backTarget(page);
  return (
    <ModalShell
      open={open}
      onClose={close}
      labelledBy="auth-title"
      modalId="auth"
      data={{ 'data-page': page }}
      className="p-6"
    >
      <div className="flex flex-col gap-4">
        <div className="flex items-center gap-2">
          {back ? (
            <Button
              aria-label={appTexts.auth.back}
              onClick={() => goTo(back)}
              className="flex h-9 w-9 items-center justify-center rounded-full text-xl hover:bg-surface-3"
            >
              <span aria-hidden="true">‹</span>
            </Button>
          ) : null}
          <h2 id="auth-title" className="flex-1 text-xl font-semibold">
            {appTexts.auth.headings[page]}
          </h2>
          {gated ? (
            <Button
              onClick={close}
              data-testid="browse-as-visitor"
              className="shrink-0 rounded-full px-3 py-1.5 text-sm text-muted underline-offset-2 hover:bg-surface-3 hover:text-fg hover:underline"
            >
              {appTexts.auth.browseAsVisitor}
            </Button>
          ) : (
            <Button
              aria-label={appTexts.auth.close}
              onClick={close}
              className="flex h-9 w-9 items-center justify-center rounded-full text-xl text-muted hover:bg-surface-3"
            >
              <span aria-hidden="true">×</span>
            </Button>
          )}
        </div>
        <AuthAlert alert={alert} />
        <Page onClose={close} />
      </div>
    </ModalShell>
  );
}
