/// <reference types="node" />
import path from 'node:path';
import { loadEnv } from 'vite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AdsConfig,
  type AdsPlugin,
  adsConfigFrom,
  bannerAdUnit,
  bannerOptions,
  buildAdsConfig,
  type ConsentInfo,
  contentRatingFrom,
  runAds,
  type TrackingStatus,
} from './ads';

/** Ad unit ids of an imaginary AdMob account (the shape of real ones, no one's ids). */
const UNITS = { android: 'ca-app-pub-1111111111111111/2222222222', ios: 'ca-app-pub-1111111111111111/3333333333' };
const GOOGLE_TEST_BANNERS = {
  android: 'ca-app-pub-3940256099942544/6300978111',
  ios: 'ca-app-pub-3940256099942544/2934735716',
};
const webDir = path.resolve(import.meta.dirname, '../..');

/** A fake of the AdMob plugin that records the calls in order. */
function fakeAdMob(options: { consent: ConsentInfo; afterForm?: ConsentInfo; tracking?: TrackingStatus[] }) {
  const calls: Array<[string, unknown?]> = [];
  const tracking = [...(options.tracking ?? ['authorized'])];
  const plugin: AdsPlugin = {
    initialize: async (o) => void calls.push(['initialize', o]),
    requestConsentInfo: async () => {
      calls.push(['requestConsentInfo']);
      return options.consent;
    },
    showConsentForm: async () => {
      calls.push(['showConsentForm']);
      return options.afterForm ?? options.consent;
    },
    trackingAuthorizationStatus: async () => {
      calls.push(['trackingAuthorizationStatus']);
      return { status: (tracking.length > 1 ? tracking.shift() : tracking[0]) as TrackingStatus };
    },
    requestTrackingAuthorization: async () => void calls.push(['requestTrackingAuthorization']),
    showBanner: async (o) => void calls.push(['showBanner', o]),
  };
  return { plugin, calls, names: () => calls.map(([name]) => name) };
}

const production = (adId = UNITS.android) => ({ adId, testing: false, contentRating: 'General' as const });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('runAds', () => {
  it('should show the consent form when consent is REQUIRED and a form is available, then the banner', async () => {
    const admob = fakeAdMob({
      consent: { status: 'REQUIRED', isConsentFormAvailable: true, canRequestAds: false },
      afterForm: { status: 'OBTAINED', isConsentFormAvailable: true, canRequestAds: true },
    });
    const outcome = await runAds(admob.plugin, production());
    expect(admob.names()).toEqual([
      'initialize',
      'requestConsentInfo',
      'showConsentForm',
      'trackingAuthorizationStatus',
      'showBanner',
    ]);
    expect(outcome.consentFormShown).toBe(true);
    expect(outcome.consent.status).toBe('OBTAINED');
  });

  it('should go straight to the banner when consent is NOT_REQUIRED', async () => {
    const admob = fakeAdMob({ consent: { status: 'NOT_REQUIRED', isConsentFormAvailable: true, canRequestAds: true } });
    const outcome = await runAds(admob.plugin, production());
    expect(admob.names()).toEqual(['initialize', 'requestConsentInfo', 'trackingAuthorizationStatus', 'showBanner']);
    expect(outcome.consentFormShown).toBe(false);
  });

  it('should show no form and no banner when consent is REQUIRED but no form is available', async () => {
    const admob = fakeAdMob({ consent: { status: 'REQUIRED', isConsentFormAvailable: false, canRequestAds: false } });
    const outcome = await runAds(admob.plugin, production(UNITS.ios));
    expect(admob.names()).toEqual(['initialize', 'requestConsentInfo', 'trackingAuthorizationStatus']);
    expect(outcome.banner).toBeNull();
  });

  it('should read the tracking status and ask for it once when it is not determined yet', async () => {
    const admob = fakeAdMob({
      consent: { status: 'NOT_REQUIRED', canRequestAds: true },
      tracking: ['notDetermined', 'denied'],
    });
    const outcome = await runAds(admob.plugin, { ...production(UNITS.ios), contentRating: 'Teen' });
    expect(admob.names()).toEqual([
      'initialize',
      'requestConsentInfo',
      'trackingAuthorizationStatus',
      'requestTrackingAuthorization',
      'trackingAuthorizationStatus',
      'showBanner',
    ]);
    expect(outcome.tracking).toBe('denied');
    expect(outcome.banner?.npa).toBe(true);
  });

  it('should request personalised ads only when tracking is authorised', async () => {
    const admob = fakeAdMob({ consent: { status: 'NOT_REQUIRED', canRequestAds: true }, tracking: ['authorized'] });
    const outcome = await runAds(admob.plugin, production(UNITS.ios));
    expect(outcome.tracking).toBe('authorized');
    expect(outcome.banner?.npa).toBe(false);
  });

  it('should initialise with the content rating setting, for real ads outside a testing build', async () => {
    const admob = fakeAdMob({ consent: { status: 'NOT_REQUIRED', canRequestAds: true } });
    await runAds(admob.plugin, { ...production(), contentRating: 'MatureAudience' });
    expect(admob.calls[0]).toEqual([
      'initialize',
      { maxAdContentRating: 'MatureAudience', initializeForTesting: false },
    ]);
  });

  it('should initialise for testing and ask for test banners in a testing build', async () => {
    const admob = fakeAdMob({ consent: { status: 'NOT_REQUIRED', canRequestAds: true } });
    const outcome = await runAds(admob.plugin, { ...production(GOOGLE_TEST_BANNERS.android), testing: true });
    expect(admob.calls[0]).toEqual(['initialize', { maxAdContentRating: 'General', initializeForTesting: true }]);
    expect(outcome.banner).toMatchObject({ adId: GOOGLE_TEST_BANNERS.android, isTesting: true });
  });
});

describe('banner options', () => {
  it('should place the configured banner at the bottom center with margin 50', () => {
    expect(bannerOptions(UNITS.android, 'authorized', false)).toEqual({
      adId: UNITS.android,
      adSize: 'ADAPTIVE_BANNER',
      position: 'BOTTOM_CENTER',
      margin: 50,
      isTesting: false,
      npa: false,
    });
    expect(bannerOptions(UNITS.ios, 'denied', true)).toMatchObject({ adId: UNITS.ios, isTesting: true, npa: true });
  });

  it('should accept the four content ratings and fall back to General', () => {
    for (const rating of ['General', 'ParentalGuidance', 'Teen', 'MatureAudience']) {
      expect(contentRatingFrom(rating)).toBe(rating);
    }
    expect(contentRatingFrom(undefined)).toBe('General');
    expect(contentRatingFrom('Everyone')).toBe('General');
  });
});

describe('ads configuration', () => {
  it('should take the banner ids and test mode from the build variables', () => {
    expect(
      adsConfigFrom({
        VITE_ADMOB_BANNER_ANDROID: ` ${UNITS.android} `,
        VITE_ADMOB_BANNER_IOS: UNITS.ios,
        VITE_ADMOB_TESTING: 'false',
      }),
    ).toEqual({ bannerIds: UNITS, testing: false });
    expect(adsConfigFrom({ VITE_ADMOB_BANNER_IOS: UNITS.ios, VITE_ADMOB_TESTING: 'true' })).toEqual({
      bannerIds: { ios: UNITS.ios },
      testing: true,
    });
  });

  it('should have no banner ids, and so no ads, when none are configured or they are blank', () => {
    expect(adsConfigFrom({})).toEqual({ bannerIds: {}, testing: false });
    expect(adsConfigFrom({ VITE_ADMOB_BANNER_ANDROID: '  ', VITE_ADMOB_BANNER_IOS: '' }).bannerIds).toEqual({});
  });

  it("should read this bundle's variables", () => {
    vi.stubEnv('VITE_ADMOB_BANNER_ANDROID', UNITS.android);
    vi.stubEnv('VITE_ADMOB_BANNER_IOS', '');
    expect(buildAdsConfig()).toEqual({ bannerIds: { android: UNITS.android }, testing: false });
  });

  it("should give the QA build (--mode qa, web/.env.qa) Google's test banners in test mode", () => {
    vi.stubEnv('VITE_ADMOB_BANNER_ANDROID', undefined);
    vi.stubEnv('VITE_ADMOB_BANNER_IOS', undefined);
    vi.stubEnv('VITE_ADMOB_TESTING', undefined);
    expect(adsConfigFrom(loadEnv('qa', webDir, 'VITE_'))).toEqual({ bannerIds: GOOGLE_TEST_BANNERS, testing: true });
  });

  it('should give the production build no ad ids of its own', () => {
    vi.stubEnv('VITE_ADMOB_BANNER_ANDROID', undefined);
    vi.stubEnv('VITE_ADMOB_BANNER_IOS', undefined);
    vi.stubEnv('VITE_ADMOB_TESTING', undefined);
    expect(adsConfigFrom(loadEnv('production', webDir, 'VITE_'))).toEqual({ bannerIds: {}, testing: false });
  });
});

describe('which banner runs in which app', () => {
  const productionBuild: AdsConfig = { bannerIds: UNITS, testing: false };
  const qaBuild: AdsConfig = { bannerIds: GOOGLE_TEST_BANNERS, testing: true };

  it("should use the production build's ids in the production app", () => {
    expect(bannerAdUnit(productionBuild, 'android', false)).toEqual({ adId: UNITS.android });
    expect(bannerAdUnit(productionBuild, 'ios', false)).toEqual({ adId: UNITS.ios });
  });

  it("should use the QA build's test ids in the QA app", () => {
    expect(bannerAdUnit(qaBuild, 'ios', true)).toEqual({ adId: GOOGLE_TEST_BANNERS.ios });
  });

  it('should show nothing on a platform without a banner id', () => {
    expect(bannerAdUnit({ bannerIds: { ios: UNITS.ios }, testing: false }, 'android', false)).toEqual({
      off: 'this build has no AdMob banner id for android',
    });
    expect(bannerAdUnit({ bannerIds: {}, testing: true }, 'ios', true)).toEqual({
      off: 'this build has no AdMob banner id for ios',
    });
  });

  it('should show no test ads in the production app and no real ads in the QA app', () => {
    expect(bannerAdUnit(qaBuild, 'android', false)).toEqual({
      off: 'a testing (QA) build shows ads only in the QA app',
    });
    expect(bannerAdUnit(productionBuild, 'android', true)).toEqual({
      off: 'the QA app shows only test ads (npm run build:qa -w web)',
    });
  });
});

describe('startAds', () => {
  // startAds runs once per page: each test takes a fresh module.
  beforeEach(() => {
    vi.resetModules();
  });
  const fresh = async () => (await import('./ads')).startAds;
  const native = (platform: 'android' | 'ios') =>
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true, getPlatform: () => platform });

  it('should never load the ad plugin on the web', async () => {
    const startAds = await fresh();
    const loadPlugin = vi.fn();
    expect(await startAds({ loadPlugin, config: { bannerIds: UNITS, testing: false } })).toBeNull();
    expect(loadPlugin).not.toHaveBeenCalled();
  });

  it("should run the sequence on native with the build's banner id for the bridge's platform", async () => {
    native('ios');
    const startAds = await fresh();
    const admob = fakeAdMob({ consent: { status: 'NOT_REQUIRED', canRequestAds: true } });
    const outcome = await startAds({
      loadPlugin: async () => admob.plugin,
      config: { bannerIds: UNITS, testing: false },
      isQaApp: async () => false,
    });
    expect(outcome?.banner).toMatchObject({ adId: UNITS.ios, isTesting: false });
    expect(admob.names().at(-1)).toBe('showBanner');
  });

  it('should take the ids from the build variables by default', async () => {
    native('android');
    vi.stubEnv('VITE_ADMOB_BANNER_ANDROID', UNITS.android);
    const startAds = await fresh();
    const admob = fakeAdMob({ consent: { status: 'NOT_REQUIRED', canRequestAds: true } });
    const outcome = await startAds({ loadPlugin: async () => admob.plugin, isQaApp: async () => false });
    expect(outcome?.banner?.adId).toBe(UNITS.android);
  });

  it('should stay off and load no plugin when the build has no banner id', async () => {
    native('android');
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const startAds = await fresh();
    const loadPlugin = vi.fn();
    const outcome = await startAds({
      loadPlugin,
      config: { bannerIds: {}, testing: false },
      isQaApp: async () => false,
    });
    expect(outcome).toBeNull();
    expect(loadPlugin).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith('Ads are off: this build has no AdMob banner id for android');
  });

  it('should stay off when a testing build runs in the production app', async () => {
    native('ios');
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const startAds = await fresh();
    const loadPlugin = vi.fn();
    const config = { bannerIds: GOOGLE_TEST_BANNERS, testing: true };
    expect(await startAds({ loadPlugin, config, isQaApp: async () => false })).toBeNull();
    expect(loadPlugin).not.toHaveBeenCalled();
  });

  it('should log and give up when the app id cannot be read', async () => {
    native('android');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const startAds = await fresh();
    const loadPlugin = vi.fn();
    const failure = new Error('no app info');
    const outcome = await startAds({
      loadPlugin,
      config: { bannerIds: UNITS, testing: false },
      isQaApp: () => Promise.reject(failure),
    });
    expect(outcome).toBeNull();
    expect(loadPlugin).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('Ads could not start', failure);
  });
});
