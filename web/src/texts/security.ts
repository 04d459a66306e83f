/**
 * The texts of /settings/security (issue #47): passkeys, the second factor and devices. A part
 * (i18n/parts.ts): settings/security-texts.ts registers it with its locales' loaders.
 */
export const securityTexts = {
  title: 'Sign-in and security',
  loading: 'Loading your sign-in settings…',
  loadFailed: 'Your sign-in settings could not be loaded.',
  retry: 'Retry',
  passkeys: {
    heading: 'Passkeys',
    intro: 'Sign in with your fingerprint, face or screen lock instead of a password. A passkey counts as both steps.',
    none: 'No passkeys yet.',
    add: 'Add a passkey',
    adding: 'Waiting for your device…',
    added: 'Passkey added.',
    cancelled: 'Adding a passkey was cancelled or is not available on this device.',
    unsupported: 'This browser does not support passkeys.',
    nameLabel: (name: string) => `Name of the passkey “${name}”`,
    rename: 'Rename',
    save: 'Save',
    cancel: 'Cancel',
    remove: 'Remove',
    removeConfirm: (name: string) => `Remove the passkey “${name}”? You will no longer be able to sign in with it.`,
    removed: 'Passkey removed.',
    created: (date: string) => `Added ${date}`,
    lastUsed: (date: string) => `last used ${date}`,
  },
  twoFactor: {
    heading: 'Two-step verification',
    intro: 'After your password, ask for a code from an authenticator app.',
    on: 'On',
    off: 'Off',
    turnOn: 'Turn on',
    scan: 'Scan this QR code with your authenticator app, or enter the key by hand, then type the 6-digit code it shows.',
    qrLabel: 'QR code for your authenticator app',
    secretLabel: 'Key',
    codeLabel: 'Code from the app',
    confirm: 'Turn on two-step verification',
    backupHeading: 'Your backup codes',
    backupIntro:
      'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.',
    copy: 'Copy codes',
    copied: 'Codes copied.',
    done: 'I have saved them',
    left: (n: number) => (n === 1 ? '1 backup code left' : `${n} backup codes left`),
    regenerate: 'New backup codes',
    regenerateIntro: 'Enter a code from your app to replace your backup codes.',
    turnOff: 'Turn off',
    turnOffIntro: 'Enter your password and a code from your app (or a backup code) to turn it off.',
    passwordLabel: 'Password',
    turnedOff: 'Two-step verification is off.',
  },
  devices: {
    heading: 'Devices',
    intro: 'Where your account is signed in.',
    thisDevice: 'This device',
    lastSeen: (date: string) => `Last active ${date}`,
    signedIn: (date: string) => `signed in ${date}`,
    signOut: 'Sign out',
    signOutOthers: 'Sign out all other devices',
    signedOut: 'Signed out.',
    othersSignedOut: (n: number) => (n === 1 ? '1 device signed out.' : `${n} devices signed out.`),
    unknown: 'Unknown device',
    /** A device's browser and operating system, e.g. "Chrome on Android". */
    on: (browser: string, system: string) => `${browser} on ${system}`,
  },
  identities: {
    heading: 'Linked accounts',
    intro: 'Services you can sign in with.',
    linked: (date: string) => `Linked ${date}`,
    unlink: 'Unlink',
    unlinkTitle: 'Unlink this account?',
    unlinkConfirm: (provider: string) => `You will no longer be able to sign in with ${provider}.`,
    unlinked: 'Account unlinked.',
  },
  reauth: {
    title: 'Confirm it’s you',
    intro: 'For your safety, confirm it’s you before this change.',
    password: 'Password',
    orCode: 'Or a code from your authenticator app',
    confirm: 'Confirm',
    usePasskey: 'Use a passkey',
    cancel: 'Cancel',
    failed: 'That did not work. Please try again.',
  },
};

type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => R extends string ? string : R
    : { readonly [K in keyof T]: Widen<T[K]> };

export type SecurityCatalog = Widen<typeof securityTexts>;
