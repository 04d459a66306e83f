import type { LocationResult } from '@neura/contract';
import { skillTexts } from '../shell/texts';

/**
 * The device's location (SPEC.md §7 "Location", §8 "Geolocation"): native geolocation with high
 * accuracy when the Capacitor bridge has the Geolocation plugin (the seam for the native build),
 * else the browser's; then the public reverse-geocoding call for city, state and country. When
 * that lookup fails ("Failed to get city from coords") the coordinates are still returned.
 */

interface Coordinates {
  latitude: number;
  longitude: number;
}
interface CapacitorGeolocation {
  getCurrentPosition: (options: { enableHighAccuracy: boolean; timeout?: number }) => Promise<{ coords: Coordinates }>;
}
interface CapacitorBridge {
  isNativePlatform?: () => boolean;
  Plugins?: { Geolocation?: CapacitorGeolocation };
}

const POSITION_TIMEOUT_MS = 12_000;
const REVERSE_TIMEOUT_MS = 4000;
/** BigDataCloud's free client-side endpoint; VITE_REVERSE_GEOCODE_URL points elsewhere. */
const REVERSE_URL =
  import.meta.env.VITE_REVERSE_GEOCODE_URL ?? 'https://api.bigdatacloud.net/data/reverse-geocode-client';

export class GeolocationError extends Error {}

function nativeGeolocation(): CapacitorGeolocation | undefined {
  const cap = (globalThis as { Capacitor?: CapacitorBridge }).Capacitor;
  return cap?.isNativePlatform?.() ? cap.Plugins?.Geolocation : undefined;
}

async function currentPosition(): Promise<Coordinates> {
  const native = nativeGeolocation();
  if (native) {
    try {
      return (await native.getCurrentPosition({ enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS })).coords;
    } catch {
      // Fall through to the browser's geolocation, as SPEC §7 says.
    }
  }
  const geo = globalThis.navigator?.geolocation;
  if (!geo) throw new GeolocationError(skillTexts.geolocationUnsupported);
  return new Promise((resolve, reject) => {
    geo.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new GeolocationError(error?.message || skillTexts.geolocationUnknown)),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}

async function reverseGeocode(coords: Coordinates): Promise<Partial<LocationResult>> {
  const url = new URL(REVERSE_URL);
  url.search = new URLSearchParams({
    latitude: String(coords.latitude),
    longitude: String(coords.longitude),
    localityLanguage: 'en',
  }).toString();
  const response = await fetch(url, { signal: AbortSignal.timeout(REVERSE_TIMEOUT_MS) });
  if (!response.ok) throw new Error(skillTexts.reverseGeocodeFailed);
  const data = (await response.json()) as {
    city?: string;
    locality?: string;
    principalSubdivision?: string;
    countryName?: string;
  };
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  return {
    city: text(data.city) ?? text(data.locality),
    state: text(data.principalSubdivision),
    country: text(data.countryName),
  };
}

function deviceTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** `{ latitude, longitude, city, state, country, timezone }`; throws GeolocationError with SPEC §8's text. */
export async function getDeviceLocation(): Promise<LocationResult> {
  const coords = await currentPosition();
  let place: Partial<LocationResult> = {};
  try {
    place = await reverseGeocode(coords);
  } catch {
    console.warn(skillTexts.reverseGeocodeFailed);
  }
  const result: LocationResult = { latitude: coords.latitude, longitude: coords.longitude };
  for (const key of ['city', 'state', 'country'] as const) if (place[key]) result[key] = place[key];
  const timezone = deviceTimezone();
  if (timezone) result.timezone = timezone;
  return result;
}
