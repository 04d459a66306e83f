/**
 * The server's user-facing texts in en-US: the texts every other locale follows key for key (the
 * catalog test fails on a missing or extra key). These are the texts the server always sent: an
 * en-US user sees them byte for byte as before.
 */
import { enUSErrors } from './en-US-errors.js';

const P = 'Neura';

export const enUS = {
  messages: {
    internal: 'Something went wrong on our side. Please try again later.',
    unavailable: 'The service is briefly unavailable. Please try again in a moment.',
    tooManyRequests: 'Too many requests. Please wait a moment and try again.',
    invalidJson: 'The request body is not valid JSON.',
    signInRequired: 'You need to be signed in to do that.',
    sessionExpired: 'Your session has expired. Please sign in again.',
    notVerified: 'Your email address has not been verified.',
    suspended: 'This account is suspended. Contact the operator of this service if you think this is a mistake.',
    invalidCredentials: 'The email address or password is incorrect.',
    emailTaken: 'An account with this email address already exists. Please log in instead.',
    wrongPassword: 'Your current password is incorrect.',
    commonPassword: 'This password is too common and easy to guess. Please choose another one.',
    passwordMismatch: "Your password confirmation doesn't match, please check it and try again.",
    invalidInvite: 'There seems to be a problem with your invite code.',
    codeInvalid: 'That code is no longer valid. Please request a new one.',
    codeExpired: 'That code has expired. Please request a new one.',
    codeWrong: 'That code is not correct. Please check it and try again.',
    codeTooManyTries: 'Too many wrong tries: that code is no longer valid. Please request a new one.',
    verifyMailFailed: 'An unknown error occurred while sending the verification email.',
    rateLimited: 'Too many attempts. Please wait a while and try again.',
    captchaFailed: 'The captcha check failed. Please complete the captcha and try again.',
    captchaRequired: 'Too many failed attempts. Please complete the captcha and try again.',
    insufficientCredits: 'You do not have enough credits to send this message. Buy more credits to keep chatting.',
    proRequired: 'User does not have a Pro subscription.',
    personaUnpublished:
      'This persona is no longer available. You can still read this chat; start a new chat to keep talking.',
    personaMissing: 'That persona does not exist.',
    personaUnavailable: 'That persona is not available.',
    chatMissing: 'This chat does not exist or is not yours.',
    messageMissing: 'That message was not found in this chat.',
    replyBusy: 'A reply is still being written in this chat. Wait for it to finish or stop it first.',
    emptyMessage: 'Type a message first.',
    restarting: 'The server is restarting. Please try again in a moment.',
    adminOnly: 'Only administrators can do that.',
    notFound: 'Not found.',
    fileNotFound: 'That file was not found.',
    linkNotFound: 'That link was not found.',
    controlChars: 'Control characters are not allowed.',
    unsupportedLocale: 'Unsupported language. Use one of: en-US, es, de, fr, pt-BR, ja, ar.',
    ...enUSErrors.messages,
  },
  templates: enUSErrors.templates,
  mail: {
    verify: {
      subject: (code: string) => `Your ${P} verification code: ${code}`,
      heading: 'Verify your email address',
      text: (code: string) =>
        `Welcome to ${P}!\n\nYour verification code is ${code}\n\nEnter it in the app to verify your email address. It is valid for 10 minutes and can be used once.\nIf you did not sign up for ${P}, you can ignore this email.\n`,
      intro: `Welcome to ${P}! Enter this code in the app to verify your email address:`,
      note: `It is valid for 10 minutes and can be used once. If you did not sign up for ${P}, you can ignore this email.`,
    },
    reset: {
      subject: (code: string) => `Your ${P} password reset code: ${code}`,
      heading: 'Reset your password',
      text: (code: string) =>
        `Someone asked to reset the password of your ${P} account.\n\nYour reset code is ${code}\n\nIt is valid for 10 minutes and can be used once. If it was not you, ignore this email: your password stays as it is.\n`,
      intro: `Someone asked to reset the password of your ${P} account. Your reset code is:`,
      note: 'It is valid for 10 minutes and can be used once. If it was not you, ignore this email: your password stays as it is.',
    },
    invite: {
      subject: `Your ${P} invite code`,
      heading: 'You are invited',
      text: (code: string, appUrl: string) =>
        `Good news: your spot on the ${P} waitlist came up.\n\nYour invite code is ${code}\n\nOpen ${appUrl}, enter this email address, choose "I have an invite code" and enter the code.\n`,
      intro: `Good news: your spot on the ${P} waitlist came up. Your invite code is:`,
      /** `link` is HTML (the escaped address as a link). */
      steps: (link: string) =>
        `Open ${link}, enter this email address, choose “I have an invite code” and enter the code.`,
    },
    proEnded: {
      subject: `Your ${P} Pro subscription was ended`,
      heading: 'Your Pro subscription was ended',
      /** `date` is YYYY-MM-DD (null: ended now). */
      when: (date: string | null) => (date ? `on ${date}, when the period you paid for ends` : 'now'),
      body: (when: string) =>
        `Your ${P} Pro subscription was ended by our team. Pro ends ${when}, and you will not be charged for it again.`,
      note: (link: string) =>
        `Your account, chats and credits stay as they are. Questions? Reply to this email. You can subscribe again at any time from ${link}.`,
    },
    security: {
      subject: `Security notice for your ${P} account`,
      heading: 'A change to how you sign in',
      passkeyAdded: (name: string) => `A passkey named “${name}” was added to your ${P} account.`,
      passkeyRemoved: (name: string) => `The passkey named “${name}” was removed from your ${P} account.`,
      twoFactorOn: `Two-factor authentication was turned on for your ${P} account.`,
      twoFactorOff: `Two-factor authentication was turned off for your ${P} account.`,
      backupCodes: `New backup codes were made for your ${P} account; the old ones no longer work.`,
      newSignIn: (device: string) => `Your ${P} account was signed in to from a new device: ${device}.`,
      note: 'If this was you, there is nothing to do. If it was not, change your password and review your devices in Settings › Security.',
    },
  },
};

/** The shape of every locale's server catalog: the en-US one with its texts widened to `string`. */
export type ServerCatalog = {
  messages: Record<keyof typeof enUS.messages, string>;
  templates: { [K in keyof typeof enUS.templates]: (typeof enUS.templates)[K] };
  mail: {
    [M in keyof typeof enUS.mail]: {
      [K in keyof (typeof enUS.mail)[M]]: (typeof enUS.mail)[M][K] extends (...args: infer A) => string
        ? (...args: A) => string
        : string;
    };
  };
};
