import { create } from 'zustand';

/**
 * Page views for a self-hostable, cookie-free analytics server speaking Plausible's Events API
 * (`POST <VITE_ANALYTICS_URL>/api/event`). Nothing is sent when VITE_ANALYTICS_URL is unset or the
 * user switched analytics off in Settings (remembered on this device). Paths are sent as route
 * patterns, so chat ids never leave the device.
 */
const OPT_OUT_KEY = 'neura:analytics-opt-out';

export interface AnalyticsConfig {
  endpoint?: string;
  domain: string;
}

export function analyticsConfig(): AnalyticsConfig {
  return {
    endpoint: import.meta.env.VITE_ANALYTICS_URL || undefined,
    domain: import.meta.env.VITE_ANALYTICS_DOMAIN || globalThis.location?.hostname || 'localhost',
  };
}

function readOptOut(): boolean {
  try {
    return globalThis.localStorage?.getItem(OPT_OUT_KEY) === '1';
  } catch {
    return false;
  }
}

/** The opt-out switch's state (Settings → Privacy). */
export const useAnalyticsOptOut = create<{ optedOut: boolean }>()(() => ({ optedOut: readOptOut() }));

export function setAnalyticsOptOut(optedOut: boolean): void {
  try {
    if (optedOut) globalThis.localStorage?.setItem(OPT_OUT_KEY, '1');
    else globalThis.localStorage?.removeItem(OPT_OUT_KEY);
  } catch {
    // Private mode: the choice holds for this visit only.
  }
  useAnalyticsOptOut.setState({ optedOut });
}

/** The route pattern of a path: ids are replaced so they never reach the analytics server. */
export function pageViewPath(pathname: string): string {
  const path = pathname.replace(/^\/chats\/[^/]+/, '/chats/:chatId');
  return path === '' ? '/' : path;
}

/** Sends one page view; returns whether a request was made. Failures are ignored. */
export async function sendPageView(
  pathname: string,
  deps: { config?: AnalyticsConfig; optedOut?: boolean; fetch?: typeof fetch; referrer?: string } = {},
): Promise<boolean> {
  const config = deps.config ?? analyticsConfig();
  const optedOut = deps.optedOut ?? useAnalyticsOptOut.getState().optedOut;
  if (!config.endpoint || optedOut) return false;
  const body = {
    name: 'pageview',
    url: `https://${config.domain}${pageViewPath(pathname)}`,
    domain: config.domain,
    referrer: (deps.referrer ?? globalThis.document?.referrer) || null,
  };
  try {
    await (deps.fetch ?? fetch)(`${config.endpoint.replace(/\/+$/, '')}/api/event`, {
      method: 'POST',
      // text/plain keeps it a simple request (no CORS preflight); the server parses the JSON.
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify(body),
      keepalive: true,
    });
  } catch {
    // Analytics never gets in the way.
  }
  return true;
}
