import type { LocationResult } from '@neura/contract';
import { isNativePlatform } from './native';
import { loadGeolocationPlugin } from './plugins';

/**
 * Device location for the server's `requestData` (SPEC.md §7 "Location", §8 "Geolocation"): native
 * geolocation with high accuracy first, the browser's as fallback, then a public reverse lookup
 * (city, principalSubdivision, countryName). A failed lookup still returns the coordinates.
 */
export type DeviceLocation = LocationResult;

export const GEOLOCATION_ERRORS = {
  unsupported: "Geolocation is not supported by the user's browser.",
  unknown: 'Failed to get location with unknown error',
  reverseLookup: 'Failed to get city from coords',
} as const;

const DEFAULT_REVERSE_GEOCODE_URL = 'https://api.bigdatacloud.net/data/reverse-geocode-client';
const TIMEOUT_MS = 15_000;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface NativeGeolocation {
  getCurrentPosition(options: { enableHighAccuracy: boolean; timeout: number }): Promise<{ coords: Coordinates }>;
}

export interface LocationDeps {
  /** The native plugin, or undefined on the web. */
  native?: () => Promise<NativeGeolocation>;
  /** The browser's geolocation, or undefined where the browser has none. */
  browser?: Pick<Geolocation, 'getCurrentPosition'>;
  fetch?: typeof fetch;
  reverseGeocodeUrl?: string;
  timezone?: string;
}

function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : GEOLOCATION_ERRORS.unknown;
}

function browserPosition(browser: Pick<Geolocation, 'getCurrentPosition'>): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    browser.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new Error(messageOf(error))),
      { enableHighAccuracy: true, timeout: TIMEOUT_MS },
    );
  });
}

/** Coordinates: native first; when it fails (or on the web) the browser; errors carry the §8 texts. */
export async function currentCoordinates(deps: LocationDeps): Promise<Coordinates> {
  let nativeError: unknown;
  if (deps.native) {
    try {
      const plugin = await deps.native();
      const { coords } = await plugin.getCurrentPosition({ enableHighAccuracy: true, timeout: TIMEOUT_MS });
      return { latitude: coords.latitude, longitude: coords.longitude };
    } catch (error) {
      nativeError = error;
    }
  }
  if (!deps.browser) {
    throw new Error(nativeError === undefined ? GEOLOCATION_ERRORS.unsupported : messageOf(nativeError));
  }
  return browserPosition(deps.browser);
}

/** City, state and country for coordinates; throws "Failed to get city from coords" on any failure. */
export async function reverseGeocode(
  coords: Coordinates,
  deps: Pick<LocationDeps, 'fetch' | 'reverseGeocodeUrl'>,
): Promise<{ city: string; state: string; country: string }> {
  const url = new URL(deps.reverseGeocodeUrl ?? DEFAULT_REVERSE_GEOCODE_URL);
  url.searchParams.set('latitude', String(coords.latitude));
  url.searchParams.set('longitude', String(coords.longitude));
  url.searchParams.set('localityLanguage', 'en');
  try {
    const response = await (deps.fetch ?? fetch)(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as { city?: unknown; principalSubdivision?: unknown; countryName?: unknown };
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return { city: text(body.city), state: text(body.principalSubdivision), country: text(body.countryName) };
  } catch (error) {
    throw new Error(GEOLOCATION_ERRORS.reverseLookup, { cause: error });
  }
}

/** The location answer of `requestData` (SPEC.md §7). */
export async function getDeviceLocation(deps: LocationDeps = defaultDeps()): Promise<DeviceLocation> {
  const coords = await currentCoordinates(deps);
  const timezone = deps.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    return { ...coords, ...(await reverseGeocode(coords, deps)), timezone };
  } catch (error) {
    console.error(GEOLOCATION_ERRORS.reverseLookup, error);
    return { ...coords, timezone };
  }
}

function defaultDeps(): LocationDeps {
  const nav = globalThis.navigator as Navigator | undefined;
  return {
    native: isNativePlatform() ? loadGeolocationPlugin : undefined,
    browser: nav?.geolocation ?? undefined,
    reverseGeocodeUrl: import.meta.env.VITE_REVERSE_GEOCODE_URL || undefined,
  };
}
