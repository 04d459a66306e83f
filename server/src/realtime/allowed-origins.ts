/** Origins of the native app shells (Capacitor on iOS and Android). */
const NATIVE_ORIGINS = new Set(['capacitor://localhost', 'https://localhost']);

/**
 * Which browser origins may open a socket: this host itself, PUBLIC_URL (and its `app.` host, whose
 * API lives on the bare host) and the native shells. A request without Origin is no browser page
 * (native HTTP clients, servers) and is let through; the token still has to be valid.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, publicUrl: string | undefined) {
  if (origin === undefined) return true;
  if (NATIVE_ORIGINS.has(origin)) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (host !== undefined && parsed.host === host) return true;
  if (!publicUrl) return false;
  const pub = new URL(publicUrl);
  if (parsed.protocol !== pub.protocol) return false;
  return parsed.host === pub.host || parsed.host === `app.${pub.host}` || `app.${parsed.host}` === pub.host;
}
