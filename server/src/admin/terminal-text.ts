/** Control characters a terminal would act on (ESC sequences, CR overwrites, bells…); tab and newline stay. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text from users (feedback, waitlist addresses, names) made safe to print: every control
 * character is shown as a visible `\xNN` escape instead of being sent to the terminal, and every
 * bidirectional control as `\uNNNN` (they could make a line read differently from what it holds).
 */
export function safeForTerminal(text: string): string {
  return text
    .replace(TERMINAL_CONTROLS, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(BIDI_CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Bidirectional controls (embeddings, overrides, isolates, marks): they reorder what is printed after them. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
