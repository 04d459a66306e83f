import type { OidcFailureReason } from '@neura/contract';

/** The page a sign-in with a provider lands on (issue #47): errors, linking, the invite step. */
export const oidcTexts = {
  working: 'Signing you in…',
  errorTitle: 'Sign-in did not work',
  errors: {
    denied: 'You cancelled at the provider, so you were not signed in.',
    expired: 'This sign-in has expired or was already used. Please start again.',
    failed: 'The provider’s answer could not be verified, so you were not signed in. Please try again.',
    unavailable: 'The sign-in provider cannot be reached right now. Please try again later.',
    'no-email': 'The provider did not share an email address, and your account needs one.',
    unverified: 'The provider has not verified your email address. Verify it there, then try again.',
  } satisfies Record<OidcFailureReason, string>,
  backToSignIn: 'Back to sign-in',
  confirmTitle: 'Link your account',
  confirmBody: (provider: string, email: string) =>
    `An account for ${email} already exists. Enter its password once to sign in with ${provider} from now on.`,
  password: 'Password',
  confirm: 'Link and sign in',
  inviteTitle: 'One more step',
  inviteBody: (provider: string, email: string) =>
    `Neura is invite-only. Enter your invite code to create your account for ${email} with ${provider}.`,
  openBody: (provider: string, email: string) => `Create your account for ${email} with ${provider}.`,
  inviteCode: 'Invite code',
  createAccount: 'Create account',
  joinWaitlist: 'No invite code? Join the waitlist',
  waitlistJoined: (email: string) => `You are on the waitlist. We will email ${email} when your invite is ready.`,
  orPasskey: 'Or confirm with a passkey of this account.',
  usePasskey: 'Use a passkey',
  twoFactorTitle: 'Two-step verification',
  twoFactorBody: 'Enter the code from your authenticator app, or a backup code.',
  code: 'Code',
  verify: 'Verify',
};

/** The type every locale's file of this part has (as texts/catalog.ts widens the main catalog). */
type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => R extends string ? string : R
    : { readonly [K in keyof T]: Widen<T[K]> };
export type OidcCatalog = Widen<typeof oidcTexts>;
