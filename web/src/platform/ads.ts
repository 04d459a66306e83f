export type {
  AdsPlugin,
  BannerOptions,
  ConsentInfo,
  ContentRating,
  TrackingStatus,
} from './plugin-types';

import { AD_BANNER_MARGIN, AD_CONTENT_RATINGS } from '@neura/contract';
import { currentPlatform } from './native';
import type { AdsPlugin, BannerOptions, ConsentInfo, ContentRating, TrackingStatus } from './plugin-types';
import { loadAdMobPlugin } from './plugins';

/**
 * Ads of SPEC.md §4/§9 (native only): initialise → request consent info → show the consent form
 * when the status is REQUIRED and a form is available → read the tracking-authorisation status →
 * banner at the bottom center with margin 50. The ad unit ids are Google's published test ids.
 * Never runs on the web: AdMob's web implementation answers a fake "REQUIRED".
 */

/** Google's published test ad unit ids for banners. */
export const TEST_BANNER_AD_IDS = {
  android: 'ca-app-pub-3940256099942544/6300978111',
  ios: 'ca-app-pub-3940256099942544/2934735716',
} as const;

export interface AdsOutcome {
  consent: ConsentInfo;
  consentFormShown: boolean;
  tracking: TrackingStatus;
  banner: BannerOptions | null;
}

export function contentRatingFrom(value: string | undefined): ContentRating {
  return (AD_CONTENT_RATINGS as readonly string[]).includes(value ?? '') ? (value as ContentRating) : 'General';
}

export function bannerOptions(platform: 'android' | 'ios', tracking: TrackingStatus): BannerOptions {
  return {
    adId: TEST_BANNER_AD_IDS[platform],
    adSize: 'ADAPTIVE_BANNER',
    position: 'BOTTOM_CENTER',
    margin: AD_BANNER_MARGIN,
    isTesting: true,
    // Without tracking authorisation only non-personalised ads are requested.
    npa: tracking !== 'authorized',
  };
}

/** The ads start-up sequence against a plugin (the real one on native, a fake in tests). */
export async function runAds(
  plugin: AdsPlugin,
  options: { platform: 'android' | 'ios'; contentRating: ContentRating },
): Promise<AdsOutcome> {
  await plugin.initialize({ maxAdContentRating: options.contentRating, initializeForTesting: true });
  let consent = await plugin.requestConsentInfo();
  let consentFormShown = false;
  if (consent.status === 'REQUIRED' && consent.isConsentFormAvailable === true) {
    consent = await plugin.showConsentForm();
    consentFormShown = true;
  }
  let { status: tracking } = await plugin.trackingAuthorizationStatus();
  if (tracking === 'notDetermined') {
    await plugin.requestTrackingAuthorization();
    tracking = (await plugin.trackingAuthorizationStatus()).status;
  }
  if (!consent.canRequestAds) return { consent, consentFormShown, tracking, banner: null };
  const banner = bannerOptions(options.platform, tracking);
  await plugin.showBanner(banner);
  return { consent, consentFormShown, tracking, banner };
}

let started: Promise<AdsOutcome | null> | undefined;

/** Starts ads once on native; on the web it does nothing and loads no plugin. Failures are logged. */
export function startAds(loadPlugin: () => Promise<AdsPlugin> = loadAdMobPlugin): Promise<AdsOutcome | null> {
  const platform = currentPlatform();
  if (platform === 'web') return Promise.resolve(null);
  started ??= loadPlugin()
    .then((plugin) =>
      runAds(plugin, { platform, contentRating: contentRatingFrom(import.meta.env.VITE_AD_CONTENT_RATING) }),
    )
    .catch((error: unknown) => {
      console.error('Ads could not start', error);
      return null;
    });
  return started;
}
