import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AdsPlugin,
  bannerOptions,
  type ConsentInfo,
  contentRatingFrom,
  runAds,
  startAds,
  TEST_BANNER_AD_IDS,
  type TrackingStatus,
} from './ads';

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

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('runAds', () => {
  it('should show the consent form when consent is REQUIRED and a form is available, then the banner', async () => {
    const admob = fakeAdMob({
      consent: { status: 'REQUIRED', isConsentFormAvailable: true, canRequestAds: false },
      afterForm: { status: 'OBTAINED', isConsentFormAvailable: true, canRequestAds: true },
    });
    const outcome = await runAds(admob.plugin, { platform: 'android', contentRating: 'General' });
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
    const outcome = await runAds(admob.plugin, { platform: 'android', contentRating: 'General' });
    expect(admob.names()).toEqual(['initialize', 'requestConsentInfo', 'trackingAuthorizationStatus', 'showBanner']);
    expect(outcome.consentFormShown).toBe(false);
  });

  it('should show no form and no banner when consent is REQUIRED but no form is available', async () => {
    const admob = fakeAdMob({ consent: { status: 'REQUIRED', isConsentFormAvailable: false, canRequestAds: false } });
    const outcome = await runAds(admob.plugin, { platform: 'ios', contentRating: 'General' });
    expect(admob.names()).toEqual(['initialize', 'requestConsentInfo', 'trackingAuthorizationStatus']);
    expect(outcome.banner).toBeNull();
  });

  it('should read the tracking status and ask for it once when it is not determined yet', async () => {
    const admob = fakeAdMob({
      consent: { status: 'NOT_REQUIRED', canRequestAds: true },
      tracking: ['notDetermined', 'denied'],
    });
    const outcome = await runAds(admob.plugin, { platform: 'ios', contentRating: 'Teen' });
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
    const outcome = await runAds(admob.plugin, { platform: 'ios', contentRating: 'General' });
    expect(outcome.tracking).toBe('authorized');
    expect(outcome.banner?.npa).toBe(false);
  });

  it('should initialise with the content rating setting', async () => {
    const admob = fakeAdMob({ consent: { status: 'NOT_REQUIRED', canRequestAds: true } });
    await runAds(admob.plugin, { platform: 'android', contentRating: 'MatureAudience' });
    expect(admob.calls[0]).toEqual([
      'initialize',
      { maxAdContentRating: 'MatureAudience', initializeForTesting: true },
    ]);
  });
});

describe('banner options', () => {
  it('should place a test banner at the bottom center with margin 50', () => {
    expect(bannerOptions('android', 'authorized')).toEqual({
      adId: 'ca-app-pub-3940256099942544/6300978111',
      adSize: 'ADAPTIVE_BANNER',
      position: 'BOTTOM_CENTER',
      margin: 50,
      isTesting: true,
      npa: false,
    });
    expect(bannerOptions('ios', 'denied').adId).toBe(TEST_BANNER_AD_IDS.ios);
    expect(TEST_BANNER_AD_IDS.ios).toBe('ca-app-pub-3940256099942544/2934735716');
  });

  it('should accept the four content ratings and fall back to General', () => {
    for (const rating of ['General', 'ParentalGuidance', 'Teen', 'MatureAudience']) {
      expect(contentRatingFrom(rating)).toBe(rating);
    }
    expect(contentRatingFrom(undefined)).toBe('General');
    expect(contentRatingFrom('Everyone')).toBe('General');
  });
});

describe('startAds', () => {
  it('should never load the ad plugin on the web', async () => {
    const load = vi.fn();
    expect(await startAds(load)).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('should run the sequence on native with the platform of the bridge', async () => {
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true, getPlatform: () => 'ios' });
    const admob = fakeAdMob({ consent: { status: 'NOT_REQUIRED', canRequestAds: true } });
    const outcome = await startAds(async () => admob.plugin);
    expect(outcome?.banner?.adId).toBe(TEST_BANNER_AD_IDS.ios);
    expect(admob.names().at(-1)).toBe('showBanner');
  });
});
