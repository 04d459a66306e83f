import { create } from 'zustand';

/** The pages of the auth modal (SPEC.md §2), plus the built-in waitlist form. */
export type AuthPage =
  | 'initial'
  | 'pwanotify'
  | 'emailcheck'
  | 'login'
  | 'forgotpass'
  | 'resetpass'
  | 'preregister'
  | 'invitecheck'
  | 'register'
  | 'emailverify'
  | 'waitlist'
  /** The second factor after a right password (issue #47). */
  | 'twofactor';

export interface AuthAlert {
  severity: 'error' | 'warning' | 'success' | 'info';
  message: string;
}

export const EMPTY_CODE = ['', '', '', ''] as const;

interface Forms {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  registerPassword: string;
  registerPasswordConfirm: string;
  inviteCode: string;
  recaptchaToken: string | null;
  /** The server asked for the captcha at login (after repeated failures), and its token. */
  loginCaptcha: boolean;
  loginCaptchaToken: string | null;
  verifyCode: string[];
  resetCode: string[];
  newPassword: string;
  newPasswordConfirm: string;
  /** The password to log in with once the email is verified (from the login or register form). */
  pendingPassword: string;
  waitlistJoined: boolean;
  /** The password's challenge while the second factor is asked, and the code typed. */
  twoFactorChallenge: string;
  twoFactorCode: string;
}

export interface AuthFlowState extends Forms {
  page: AuthPage;
  alert: AuthAlert | null;
  /** What the modal says first after the session ends (an account just deleted): shown by `resetForms`. */
  farewell: AuthAlert | null;
  busy: boolean;
  /** From GET /users/{email}/exists (forced on in the native app). */
  waitlist: boolean;
  captchaEnabled: boolean;
  /** From GET /accounts/options: an external waitlist form (null: the built-in one) and the captcha site key. */
  waitlistUrl: string | null;
  captchaSiteKey: string | null;
  /** Every page change clears the alert (SPEC.md §4). */
  goTo: (page: AuthPage) => void;
  setAlert: (alert: AuthAlert | null) => void;
  setBusy: (busy: boolean) => void;
  set: (
    changes: Partial<Forms & Pick<AuthFlowState, 'waitlist' | 'captchaEnabled' | 'waitlistUrl' | 'captchaSiteKey'>>,
  ) => void;
  /** Clears every form and returns to emailcheck (after a successful login, sign-up or reset). */
  resetForms: () => void;
}

const emptyForms = (): Forms => ({
  email: '',
  password: '',
  firstName: '',
  lastName: '',
  registerPassword: '',
  registerPasswordConfirm: '',
  inviteCode: '',
  recaptchaToken: null,
  loginCaptcha: false,
  loginCaptchaToken: null,
  verifyCode: [...EMPTY_CODE],
  resetCode: [...EMPTY_CODE],
  newPassword: '',
  newPasswordConfirm: '',
  pendingPassword: '',
  waitlistJoined: false,
  twoFactorChallenge: '',
  twoFactorCode: '',
});

export const useAuthFlow = create<AuthFlowState>()((set) => ({
  ...emptyForms(),
  page: 'initial',
  alert: null,
  farewell: null,
  busy: false,
  waitlist: true,
  captchaEnabled: false,
  waitlistUrl: null,
  captchaSiteKey: null,
  goTo: (page) => set({ page, alert: null }),
  setAlert: (alert) => set({ alert }),
  setBusy: (busy) => set({ busy }),
  set: (changes) => set(changes),
  resetForms: () =>
    set((s) => ({ ...emptyForms(), page: 'emailcheck', alert: s.farewell, farewell: null, busy: false })),
}));
