import fs from 'node:fs';

/**
 * The Chromium the e2e run drives: `CHROMIUM_PATH` when set; otherwise Debian's
 * `chromium-headless-shell` (the old headless shell: no GPU process or browser UI renderers, so
 * much less CPU on a 2-core machine) when installed, else Debian's full `chromium` in headless mode.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';

export function chromiumPath(
  env: NodeJS.ProcessEnv = process.env,
  exists: (file: string) => boolean = fs.existsSync,
): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return exists(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}

/**
 * The full Chromium, for the specs the headless shell cannot run: it reports
 * `Notification.permission` 'denied' even when the context grants notifications, so web push
 * (notifications.spec.ts) needs the full browser; and it has no PDF viewer, so a cited page of a
 * PDF (documents.spec.ts) is downloaded instead of opened in its tab.
 */
export function fullChromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH ?? FULL_CHROMIUM;
}

/** Specs that run in the full Chromium (see fullChromiumPath). */
export const FULL_CHROMIUM_SPECS = ['notifications.spec.ts', 'documents.spec.ts'];
