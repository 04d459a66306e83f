/**
 * The native shell's deep link back from a provider sign-in (issue #47): the system browser ends on
 * `ai.neura.app://oidc?ticket=…` (or `?error=…`), the OS hands it to the app, and the app opens
 * its `/auth/oidc` page with the same query. Anything else is ignored.
 */
export const SIGN_IN_RETURN = 'ai.neura.app://oidc';

export function signInReturnPath(url: string): string | undefined {
  if (!url.startsWith(`${SIGN_IN_RETURN}?`)) return undefined;
  const query = new URLSearchParams(url.slice(SIGN_IN_RETURN.length + 1));
  const ticket = query.get('ticket');
  const error = query.get('error');
  if (ticket) return `/auth/oidc?${new URLSearchParams({ ticket })}`;
  if (error) return `/auth/oidc?${new URLSearchParams({ error })}`;
  return undefined;
}
