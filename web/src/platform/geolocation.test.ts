import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentCoordinates, GEOLOCATION_ERRORS, getDeviceLocation, type NativeGeolocation } from './geolocation';

/** A local stand-in for the public reverse-geocoding service (BigDataCloud's client API shape). */
let server: http.Server;
let base = '';
const seen: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/broken') {
      res.writeHead(503).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({ city: 'Wellington', principalSubdivision: 'Wellington Region', countryName: 'New Zealand' }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const nativeAt = (latitude: number, longitude: number) => {
  const getCurrentPosition = vi.fn(async () => ({ coords: { latitude, longitude } }));
  return { load: vi.fn(async (): Promise<NativeGeolocation> => ({ getCurrentPosition })), getCurrentPosition };
};
const browserAt = (latitude: number, longitude: number) => ({
  getCurrentPosition: vi.fn((ok: PositionCallback) => ok({ coords: { latitude, longitude } } as GeolocationPosition)),
});
const browserFailing = (error: { code: number; message: string }) => ({
  getCurrentPosition: vi.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
    fail?.(error as GeolocationPositionError),
  ),
});

describe('geolocation order', () => {
  it('should use native geolocation with high accuracy first and not touch the browser', async () => {
    const native = nativeAt(-41.29, 174.78);
    const browser = browserAt(1, 1);
    expect(await currentCoordinates({ native: native.load, browser })).toEqual({ latitude: -41.29, longitude: 174.78 });
    expect(native.getCurrentPosition).toHaveBeenCalledWith(expect.objectContaining({ enableHighAccuracy: true }));
    expect(browser.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('should fall back to the browser when native geolocation fails', async () => {
    const browser = browserAt(51.5, -0.12);
    const native = async (): Promise<NativeGeolocation> => ({
      getCurrentPosition: async () => {
        throw new Error('Location services are not enabled');
      },
    });
    expect(await currentCoordinates({ native, browser })).toEqual({ latitude: 51.5, longitude: -0.12 });
  });

  it('should use the browser on the web', async () => {
    const browser = browserAt(48.85, 2.35);
    expect(await currentCoordinates({ browser })).toEqual({ latitude: 48.85, longitude: 2.35 });
    expect(browser.getCurrentPosition).toHaveBeenCalledWith(
      expect.any(Function),
      expect.any(Function),
      expect.objectContaining({ enableHighAccuracy: true }),
    );
  });
});

describe('geolocation errors (SPEC.md §8)', () => {
  it('should say geolocation is not supported when the browser has none', async () => {
    await expect(currentCoordinates({})).rejects.toThrow("Geolocation is not supported by the user's browser.");
  });

  it("should pass on the browser's error message", async () => {
    const browser = browserFailing({ code: 1, message: 'User denied Geolocation' });
    await expect(currentCoordinates({ browser })).rejects.toThrow('User denied Geolocation');
  });

  it('should say the location failed with an unknown error when there is no message', async () => {
    const browser = browserFailing({ code: 2, message: '' });
    await expect(currentCoordinates({ browser })).rejects.toThrow(GEOLOCATION_ERRORS.unknown);
    expect(GEOLOCATION_ERRORS.unknown).toBe('Failed to get location with unknown error');
  });

  it("should pass on native's error message when there is no browser fallback", async () => {
    const native = async (): Promise<NativeGeolocation> => ({
      getCurrentPosition: async () => {
        throw new Error('Location permission was denied');
      },
    });
    await expect(currentCoordinates({ native })).rejects.toThrow('Location permission was denied');
  });
});

describe('getDeviceLocation', () => {
  it('should add city, state and country from the reverse lookup and the time zone', async () => {
    const location = await getDeviceLocation({
      native: nativeAt(-41.29, 174.78).load,
      reverseGeocodeUrl: `${base}/data/reverse-geocode-client`,
      timezone: 'Pacific/Auckland',
    });
    expect(location).toEqual({
      latitude: -41.29,
      longitude: 174.78,
      city: 'Wellington',
      state: 'Wellington Region',
      country: 'New Zealand',
      timezone: 'Pacific/Auckland',
    });
    expect(seen.at(-1)).toBe('/data/reverse-geocode-client?latitude=-41.29&longitude=174.78&localityLanguage=en');
  });

  it('should still return the coordinates when the reverse lookup fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const location = await getDeviceLocation({
      browser: browserAt(10, 20),
      reverseGeocodeUrl: `${base}/broken`,
      timezone: 'UTC',
    });
    expect(location).toEqual({ latitude: 10, longitude: 20, timezone: 'UTC' });
    expect(logged).toHaveBeenCalledWith('Failed to get city from coords', expect.any(Error));
    logged.mockRestore();
  });
});
