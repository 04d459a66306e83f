/**
 * The constants the web's first route (a visitor's Explore) reads, in a module of their own: a
 * bundler keeps or drops a module whole, so every constant of constants.ts landed in the entry chunk
 * when one of them was read there (issue #50, docs/PERFORMANCE.md "First route"). Add here only what
 * the entry chunk needs; everything else goes to constants.ts. Exported from the package index.
 */

export const CLIENT_VERSION = '2.0.0';
/** Header that carries the client version on every HTTP request. */
export const CLIENT_VERSION_HEADER = 'Client-Version';
export const VERSION_WARNING_MS = 5000;
export const VERSION_WARNING_FADE_MS = 2500;

export const TOAST_DURATION_MS = 5000;
export const SOCKET_OPTIONS = {
  timeout: 20_000,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
} as const;

export const SESSION_NAMESPACE = '/session';
