import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Start-up on native (SPEC.md §4) with plugin fakes: the app id is read before the first API call
 * (QA → staging host), then the version check against the server's supportedClientRange.
 */
const appId = vi.hoisted(() => ({ value: 'ai.neura.app' }));
const deepLinks = vi.hoisted(() => ({ handler: undefined as ((event: { url: string }) => void) | undefined }));
vi.mock('@capacitor/app', () => ({
  App: {
    getInfo: async () => ({ id: appId.value, build: '7', version: '2.0.0', name: 'Neura' }),
    addListener: async (_event: string, handler: (event: { url: string }) => void) => {
      deepLinks.handler = handler;
      return { remove: async () => undefined };
    },
  },
}));
const admob = vi.hoisted(() => ({ initialize: vi.fn(async () => undefined) }));
vi.mock('@capacitor-community/admob', () => ({
  AdMob: {
    initialize: admob.initialize,
    requestConsentInfo: async () => ({ status: 'NOT_REQUIRED', canRequestAds: false }),
    trackingAuthorizationStatus: async () => ({ status: 'authorized' }),
  },
  BannerAdPosition: {},
  BannerAdSize: {},
  MaxAdContentRating: { General: 'General' },
}));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function serverWithRange(range: string) {
  const fetchMock = vi.fn(async (url: string) =>
    url.endsWith('/') ? json({ message: 'OK', version: '1.0.0', supportedClientRange: range }) : json([]),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function startUp() {
  const { useStartup } = await import('../app/use-startup');
  const { useVersionWarning } = await import('../app/version-warning');
  const { useAppStore } = await import('../store/app-store');
  renderHook(() => useStartup());
  await waitFor(() => expect(useAppStore.getState().serverOnline).toBe(true));
  return { useVersionWarning };
}

beforeEach(() => {
  vi.resetModules();
  admob.initialize.mockClear();
  appId.value = 'ai.neura.app';
  vi.stubGlobal('Capacitor', { isNativePlatform: () => true, getPlatform: () => 'android' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('native start-up', () => {
  it('should do nothing about the version when the client is within the range, and start ads', async () => {
    vi.stubEnv('VITE_ADMOB_BANNER_ANDROID', 'ca-app-pub-1111111111111111/2222222222');
    serverWithRange('>=2.0.0 <3.0.0');
    const { useVersionWarning } = await startUp();
    await waitFor(() => expect(admob.initialize).toHaveBeenCalled());
    expect(useVersionWarning.getState().raised).toBe(false);
  });

  it('should start no ads when the build has no AdMob ids', async () => {
    vi.stubEnv('VITE_ADMOB_BANNER_ANDROID', '');
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    serverWithRange('>=2.0.0 <3.0.0');
    await startUp();
    await waitFor(() =>
      expect(info).toHaveBeenCalledWith('Ads are off: this build has no AdMob banner id for android'),
    );
    expect(admob.initialize).not.toHaveBeenCalled();
    info.mockRestore();
  });

  it('should raise the red warning when the client is newer than the range', async () => {
    serverWithRange('>=1.0.0 <2.0.0');
    const { useVersionWarning } = await startUp();
    await waitFor(() => expect(useVersionWarning.getState().raised).toBe(true));
  });

  it('should send a client below the range to /outdated.html', async () => {
    serverWithRange('>=2.1.0');
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    await startUp().catch(() => undefined);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/outdated.html'));
  });

  it('should ask the staging host first when the app id is the QA id', async () => {
    appId.value = 'ai.neura.app.qa';
    vi.stubEnv('VITE_STAGING_API_URL', 'https://staging.neura.test');
    const fetchMock = serverWithRange('>=2.0.0 <3.0.0');
    await startUp();
    // The personas are asked for beside the server check (issue #50), of the same host.
    const asked = fetchMock.mock.calls.map((call) => String(call[0]));
    expect(asked.filter((url) => !url.endsWith('/personas'))[0]).toBe('https://staging.neura.test/');
    expect(asked).toContain('https://staging.neura.test/personas');
  });

  it('should ask the same origin in the production app', async () => {
    const fetchMock = serverWithRange('>=2.0.0 <3.0.0');
    vi.stubEnv('VITE_STAGING_API_URL', 'https://staging.neura.test');
    await startUp();
    const asked = fetchMock.mock.calls.map((call) => String(call[0]));
    expect(asked.filter((url) => !url.endsWith('/personas'))[0]).toBe(`${window.location.origin}/api/`);
    expect(asked).toContain(`${window.location.origin}/api/personas`);
  });

  it('should open the sign-in landing page when the provider deep link opens the app', async () => {
    serverWithRange('>=2.0.0 <3.0.0');
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    await startUp();
    await waitFor(() => expect(deepLinks.handler).toBeDefined());
    deepLinks.handler?.({ url: 'ai.neura.app://elsewhere?ticket=t1' });
    deepLinks.handler?.({ url: 'ai.neura.app://oidc?ticket=t1' });
    expect(replace.mock.calls).toEqual([['/auth/oidc?ticket=t1']]);
  });
});
