import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerRequestData } from './request-data';

type Success = (p: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (e: { message: string }) => void;

function stubGeolocation(impl: ((ok: Success, fail: Failure) => void) | undefined) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: impl ? { getCurrentPosition: impl } : undefined,
  });
}

const answer = (datapoint: string) => new Promise<unknown>((resolve) => void answerRequestData({ datapoint }, resolve));

describe('requestData', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    stubGeolocation(undefined);
  });

  it('should answer any datapoint but location with "Unsupported datapoint"', async () => {
    expect(await answer('contacts')).toEqual({ error: 'Unsupported datapoint' });
  });

  it('should answer the location with the reverse-geocoded place', async () => {
    stubGeolocation((ok) => ok({ coords: { latitude: 48.1, longitude: 11.6 } }));
    const fetchMock = vi.fn(async () =>
      Response.json({ city: 'Munich', principalSubdivision: 'Bavaria', countryName: 'Germany' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await answer('location')).toMatchObject({
      latitude: 48.1,
      longitude: 11.6,
      city: 'Munich',
      state: 'Bavaria',
      country: 'Germany',
    });
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('latitude=48.1');
  });

  it('should still return the coordinates when the reverse lookup fails', async () => {
    stubGeolocation((ok) => ok({ coords: { latitude: 1, longitude: 2 } }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 500 })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = (await answer('location')) as Record<string, unknown>;
    expect(result).toMatchObject({ latitude: 1, longitude: 2 });
    expect(result.city).toBeUndefined();
  });

  it('should answer the SPEC texts when geolocation is missing or refused', async () => {
    expect(await answer('location')).toEqual({ error: "Geolocation is not supported by the user's browser." });
    stubGeolocation((_ok, fail) => fail({ message: 'User denied Geolocation' }));
    expect(await answer('location')).toEqual({ error: 'User denied Geolocation' });
    stubGeolocation((_ok, fail) => fail({ message: '' }));
    expect(await answer('location')).toEqual({ error: 'Failed to get location with unknown error' });
  });
});
