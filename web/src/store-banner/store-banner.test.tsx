import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthFlow } from '../auth/auth-flow-store';
import { useAppStore } from '../store/app-store';
import { StoreBanner } from './store-banner';
import { storeBannerTarget } from './store-banner-rules';

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const links = { android: 'https://play.example/neura', ios: 'https://apps.example/neura' };

function useUserAgent(ua: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);
}

beforeEach(() => {
  useAppStore.setState({ activeModal: null });
  useAuthFlow.setState({ page: 'initial' });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('storeBannerTarget', () => {
  it('should target the store of the phone', () => {
    const env = { installed: false, native: false, links };
    expect(storeBannerTarget({ ...env, userAgent: ANDROID_UA })).toEqual({ os: 'android', url: links.android });
    expect(storeBannerTarget({ ...env, userAgent: IPHONE_UA })).toEqual({ os: 'ios', url: links.ios });
  });

  it('should not show on an iPhone while no App Store listing is configured', () => {
    const env = { installed: false, native: false, links: { ...links, ios: 'https://apps.apple.com/' } };
    expect(storeBannerTarget({ ...env, userAgent: IPHONE_UA })).toBeNull();
    expect(storeBannerTarget({ ...env, userAgent: ANDROID_UA })).toEqual({ os: 'android', url: links.android });
  });

  it('should not show on desktop, in the installed web app or in the native app', () => {
    expect(storeBannerTarget({ userAgent: DESKTOP_UA, installed: false, native: false, links })).toBeNull();
    expect(storeBannerTarget({ userAgent: ANDROID_UA, installed: true, native: false, links })).toBeNull();
    expect(storeBannerTarget({ userAgent: ANDROID_UA, installed: false, native: true, links })).toBeNull();
  });
});

describe('StoreBanner', () => {
  it('should link a phone browser to Google Play by default', () => {
    useUserAgent(ANDROID_UA);
    render(<StoreBanner />);
    const banner = screen.getByRole('complementary', { name: 'Get the Neura app' });
    expect(banner.textContent).toContain('Get the app on Google Play');
    expect(screen.getByRole('link', { name: 'Get' }).getAttribute('href')).toBe(
      'https://play.google.com/store/apps/details?id=ai.neura.app',
    );
  });

  it('should stay dismissed once dismissed', () => {
    useUserAgent(ANDROID_UA);
    const first = render(<StoreBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the app banner' }));
    expect(screen.queryByTestId('store-banner')).toBeNull();
    first.unmount();
    render(<StoreBanner />);
    expect(screen.queryByTestId('store-banner')).toBeNull();
  });

  it('should step aside while the auth modal is open, on every page of it, keeping its room', () => {
    useUserAgent(ANDROID_UA);
    render(<StoreBanner />);
    const banner = () => screen.queryByRole('complementary', { name: 'Get the Neura app' });
    expect(banner()).not.toBeNull();
    act(() => {
      useAppStore.setState({ activeModal: 'auth' });
      useAuthFlow.setState({ page: 'pwanotify' });
    });
    expect(banner()).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    act(() => useAuthFlow.setState({ page: 'emailcheck' }));
    expect(banner()).toBeNull();
    // Still laid out (hidden, not removed): the page below does not move when the modal opens or closes.
    expect(screen.getByTestId('store-banner').style.visibility).toBe('hidden');
    act(() => useAppStore.setState({ activeModal: null }));
    expect(banner()).not.toBeNull();
  });

  it('should not show on an iPhone with the default (unlisted) App Store address', () => {
    useUserAgent(IPHONE_UA);
    render(<StoreBanner />);
    expect(screen.queryByTestId('store-banner')).toBeNull();
  });

  it('should not show in the native app', () => {
    useUserAgent(ANDROID_UA);
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true, getPlatform: () => 'android' });
    render(<StoreBanner />);
    expect(screen.queryByTestId('store-banner')).toBeNull();
  });
});
