import { useCallback, useState } from 'react';
import { AppError } from '../api/app-error';
import { fetchAccountOptions } from './auth-api';

/**
 * The server's answer (403) when a password check comes after repeated failures and needs a
 * captcha token: missing or failing, the password was not checked.
 */
export const isCaptchaRequired = (error: unknown): boolean =>
  error instanceof AppError && error.code === 'auth:captcha-required';

/**
 * A form's captcha after the server asked for it (settings: change password, delete account).
 * `fail(error)` after every failed try: a captcha-required answer shows the widget (its site key
 * from GET /accounts/options); the token is cleared either way, since a token is good for one
 * check, which resets the widget (SPEC.md §4).
 */
export function useCaptchaChallenge() {
  const [siteKey, setSiteKey] = useState<string | null>(null);
  const [required, setRequired] = useState(false);
  const [token, setToken] = useState<string | null>(null);

  const fail = useCallback(
    async (error: unknown) => {
      setToken(null);
      if (!isCaptchaRequired(error)) return;
      setRequired(true);
      if (siteKey === null) {
        const options = await fetchAccountOptions().catch(() => undefined);
        if (options?.captchaSiteKey) setSiteKey(options.captchaSiteKey);
      }
    },
    [siteKey],
  );

  return {
    /** The widget is to be shown (the server asked, and the site key is known). */
    shown: required && siteKey !== null,
    /** A try may be sent: no captcha asked, or its token is there. */
    ready: !required || token !== null,
    siteKey,
    token,
    setToken,
    fail,
  };
}
