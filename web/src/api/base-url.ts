/**
 * The API base of ARCHITECTURE.md §3 / SPEC.md §7:
 * a QA build uses the staging host (VITE_STAGING_API_URL); otherwise VITE_API_URL overrides; a page
 * host starting with "app." talks to the same host without "app." (API mounted at its root);
 * otherwise same origin + /api. The staging host wins over VITE_API_URL because both native
 * variants share one web build (docs/NATIVE.md): the QA app learns it is QA from its app id.
 */
export interface ApiBaseInput {
  location: { protocol: string; host: string; hostname: string; origin: string };
  apiUrl?: string;
  stagingApiUrl?: string;
  isQaBuild?: boolean;
}

export function computeApiBase({ location, apiUrl, stagingApiUrl, isQaBuild }: ApiBaseInput): string {
  if (isQaBuild && stagingApiUrl) return stagingApiUrl.replace(/\/+$/, '');
  if (apiUrl) return apiUrl.replace(/\/+$/, '');
  if (location.hostname.startsWith('app.')) return `https://${location.host.slice('app.'.length)}`;
  return `${location.origin}/api`;
}

/** Where Socket.IO lives for a given API base: the API host's origin, path /socket.io. */
export function socketOrigin(apiBase: string): string {
  return new URL(apiBase).origin;
}

let cached: string | undefined;
let runtimeQa = false;

/** Marks a QA build found at run time (the native app id, platform/app-info.ts). */
export function setQaBuild(isQaBuild: boolean): void {
  runtimeQa = isQaBuild;
  cached = undefined;
}

export function apiBase(): string {
  cached ??= computeApiBase({
    location: window.location,
    apiUrl: import.meta.env.VITE_API_URL,
    stagingApiUrl: import.meta.env.VITE_STAGING_API_URL,
    isQaBuild: runtimeQa || import.meta.env.VITE_QA_BUILD === 'true',
  });
  return cached;
}
