/** Validators of SPEC.md §5, shared by server and web. */

/** Simple email pattern: no spaces or control characters, exactly one @, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;

/** Control characters (C0 incl. NUL and ESC, DEL, C1): never valid in one-line text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but newlines and tabs are fine (message and feedback text). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
export const CONTROL_CHARS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
export const CONTROL_CHARS_MESSAGE = 'Control characters are not allowed.';

/** True when the text has no control characters (multi-line text may have newlines and tabs). */
export function hasNoControlChars(value: string, multiline = false): boolean {
  return !(multiline ? CONTROL_CHARS_MULTILINE : CONTROL_CHARS).test(value);
}

/** Five groups of four letters or digits joined by hyphens (case-insensitive; sent uppercased). */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){4}$/;

/** Four digits, as the verification and reset codes travel. */
export const VERIFY_CODE_PATTERN = /^\d{4}$/;

export const VALIDATION_MESSAGES = {
  passwordMismatch: "Your password confirmation doesn't match, please check it and try again.",
  invalidInvite: 'There seems to be a problem with your invite code.',
  unsupportedDatapoint: 'Unsupported datapoint',
} as const;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

export function isValidInviteCode(value: string): boolean {
  return INVITE_CODE_PATTERN.test(value);
}

export function normalizeInviteCode(value: string): string {
  return value.trim().toUpperCase();
}

export type CreditsState = 'zero' | 'low' | 'normal';

/** Credits state of SPEC.md §4: zero, low (5 or fewer), normal. Unknown (null) counts as normal. */
export function creditsState(credits: number | null, lowThreshold = 5): CreditsState {
  if (credits === null) return 'normal';
  if (credits <= 0) return 'zero';
  if (credits <= lowThreshold) return 'low';
  return 'normal';
}
