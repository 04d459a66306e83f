import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../app/router';
import { useAppStore } from '../store/app-store';

const impact = vi.fn(async (_options: { style: string }) => undefined);
vi.mock('@capacitor/haptics', () => ({
  Haptics: { impact },
  ImpactStyle: { Heavy: 'HEAVY', Medium: 'MEDIUM', Light: 'LIGHT' },
}));

// The rest of start-up on native: the app id, and ads that are not allowed to show.
vi.mock('@capacitor/app', () => ({
  App: { getInfo: async () => ({ id: 'ai.neura.app', build: '1', version: '1.0', name: 'Neura' }) },
}));
vi.mock('@capacitor-community/admob', () => ({
  AdMob: {
    initialize: async () => undefined,
    requestConsentInfo: async () => ({ status: 'REQUIRED', isConsentFormAvailable: false, canRequestAds: false }),
    trackingAuthorizationStatus: async () => ({ status: 'denied' }),
  },
  BannerAdPosition: {},
  BannerAdSize: {},
  MaxAdContentRating: { General: 'General' },
}));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  impact.mockClear();
  useAppStore.setState({ token: null, activeModal: null, serverOnline: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/api/')
        ? json({ message: 'OK', version: '0.1.0', supportedClientRange: '>=2.0.0 <3.0.0' })
        : json([]),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function navigateOnce() {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/settings'] });
  render(<RouterProvider router={router} />);
  await waitFor(() => expect(document.title).toBe('Settings'));
  await router.navigate('/settings/credits');
  await waitFor(() => expect(document.title).toBe('Buy Credits'));
}

describe('haptics on navigation', () => {
  it('should give a light impact through the Haptics plugin on native', async () => {
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true, getPlatform: () => 'android' });
    await navigateOnce();
    await waitFor(() => expect(impact).toHaveBeenCalledWith({ style: 'LIGHT' }));
    expect(impact).toHaveBeenCalledTimes(1);
  });

  it('should vibrate briefly in a browser and never load the plugin', async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    try {
      await navigateOnce();
      expect(vibrate).toHaveBeenCalledTimes(1);
      expect(impact).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'vibrate');
    }
  });
});
