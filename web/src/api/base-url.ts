/**
 * The API base of ARCHITECTURE.md §3 / SPEC.md §7:
 * VITE_API_URL overrides; a QA build uses the staging host; a page host starting with "app." talks
 * to the same host without "app." (API mounted at its root); otherwise same origin + /api.
 */
export interface ApiBaseInput {
  location: { protocol: string; host: string; hostname: string; origin: string };
  apiUrl?: string;
  stagingApiUrl?: string;
  isQaBuild?: boolean;
}

export function computeApiBase({ location, apiUrl, stagingApiUrl, isQaBuild }: ApiBaseInput): string {
  if (apiUrl) return apiUrl.replace(/\/+$/, '');
  if (isQaBuild && stagingApiUrl) return stagingApiUrl.replace(/\/+$/, '');
  if (location.hostname.startsWith('app.')) return `https://${location.host.slice('app.'.length)}`;
  return `${location.origin}/api`;
}

/** Where Socket.IO lives for a given API base: the API host's origin, path /socket.io. */
export function socketOrigin(apiBase: string): string {
  return new URL(apiBase).origin;
}

let cached: string | undefined;
export function apiBase(): string {
  cached ??= computeApiBase({
    location: window.location,
    apiUrl: import.meta.env.VITE_API_URL,
    stagingApiUrl: import.meta.env.VITE_STAGING_API_URL,
    isQaBuild: import.meta.env.VITE_QA_BUILD === 'true',
  });
  return cached;
}
