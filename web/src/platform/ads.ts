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
 * banner at the bottom center with margin 50. Never runs on the web: AdMob's web implementation
 * answers a fake "REQUIRED".
 *
 * The banner ad unit ids come from the build (`VITE_ADMOB_BANNER_ANDROID` / `VITE_ADMOB_BANNER_IOS`,
 * docs/NATIVE.md): a build without one shows no ads on that platform. Google's test ids live only
 * in the QA build's `web/.env.qa` (`npm run build:qa -w web`), which also sets
 * `VITE_ADMOB_TESTING=true`; a testing build shows ads only in the QA app and a production build
 * only in the production app.
 */

export type AdPlatform = 'android' | 'ios';

export interface AdsConfig {
  /** Banner ad unit id per platform; a missing one means no ads there. */
  bannerIds: Partial<Record<AdPlatform, string>>;
  /** Test ads (the QA build): `initializeForTesting` and `isTesting`. */
  testing: boolean;
}

export interface AdsOutcome {
  consent: ConsentInfo;
  consentFormShown: boolean;
  tracking: TrackingStatus;
  banner: BannerOptions | null;
}

export function contentRatingFrom(value: string | undefined): ContentRating {
  return (AD_CONTENT_RATINGS as readonly string[]).includes(value ?? '') ? (value as ContentRating) : 'General';
}

/** The ads settings of a set of build variables (blank ids count as unset). */
export function adsConfigFrom(env: {
  VITE_ADMOB_BANNER_ANDROID?: string;
  VITE_ADMOB_BANNER_IOS?: string;
  VITE_ADMOB_TESTING?: string;
}): AdsConfig {
  const bannerIds: AdsConfig['bannerIds'] = {};
  const android = env.VITE_ADMOB_BANNER_ANDROID?.trim();
  const ios = env.VITE_ADMOB_BANNER_IOS?.trim();
  if (android) bannerIds.android = android;
  if (ios) bannerIds.ios = ios;
  return { bannerIds, testing: env.VITE_ADMOB_TESTING === 'true' };
}

/** The ads settings this bundle was built with (each variable named, so Vite inlines only these). */
export function buildAdsConfig(): AdsConfig {
  return adsConfigFrom({
    VITE_ADMOB_BANNER_ANDROID: import.meta.env.VITE_ADMOB_BANNER_ANDROID,
    VITE_ADMOB_BANNER_IOS: import.meta.env.VITE_ADMOB_BANNER_IOS,
    VITE_ADMOB_TESTING: import.meta.env.VITE_ADMOB_TESTING,
  });
}

/**
 * The banner ad unit to show on this platform in this app, or why ads stay off: no banner id in
 * the build, a testing build outside the QA app, or a production build inside it.
 */
export function bannerAdUnit(
  config: AdsConfig,
  platform: AdPlatform,
  isQaApp: boolean,
): { adId: string } | { off: string } {
  const adId = config.bannerIds[platform];
  if (!adId) return { off: `this build has no AdMob banner id for ${platform}` };
  if (config.testing && !isQaApp) return { off: 'a testing (QA) build shows ads only in the QA app' };
  if (!config.testing && isQaApp) return { off: 'the QA app shows only test ads (npm run build:qa -w web)' };
  return { adId };
}

export function bannerOptions(adId: string, tracking: TrackingStatus, testing: boolean): BannerOptions {
  return {
    adId,
    adSize: 'ADAPTIVE_BANNER',
    position: 'BOTTOM_CENTER',
    margin: AD_BANNER_MARGIN,
    isTesting: testing,
    // Without tracking authorisation only non-personalised ads are requested.
    npa: tracking !== 'authorized',
  };
}

/** The ads start-up sequence against a plugin (the real one on native, a fake in tests). */
export async function runAds(
  plugin: AdsPlugin,
  options: { adId: string; testing: boolean; contentRating: ContentRating },
): Promise<AdsOutcome> {
  await plugin.initialize({ maxAdContentRating: options.contentRating, initializeForTesting: options.testing });
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
  const banner = bannerOptions(options.adId, tracking, options.testing);
  await plugin.showBanner(banner);
  return { consent, consentFormShown, tracking, banner };
}

async function isQaAppNow(): Promise<boolean> {
  const { loadClientInfo } = await import('./app-info');
  return (await loadClientInfo()).isQaBuild;
}

let started: Promise<AdsOutcome | null> | undefined;

/**
 * Starts ads once on native; on the web, or when ads are off for this build and app (logged), it
 * does nothing and loads no plugin. Failures are logged.
 */
export function startAds(
  options: { loadPlugin?: () => Promise<AdsPlugin>; config?: AdsConfig; isQaApp?: () => Promise<boolean> } = {},
): Promise<AdsOutcome | null> {
  const platform = currentPlatform();
  if (platform === 'web') return Promise.resolve(null);
  const { loadPlugin = loadAdMobPlugin, config = buildAdsConfig(), isQaApp = isQaAppNow } = options;
  started ??= isQaApp()
    .then(async (qa) => {
      const unit = bannerAdUnit(config, platform, qa);
      if ('off' in unit) {
        console.info(`Ads are off: ${unit.off}`);
        return null;
      }
      const contentRating = contentRatingFrom(import.meta.env.VITE_AD_CONTENT_RATING);
      return runAds(await loadPlugin(), { adId: unit.adId, testing: config.testing, contentRating });
    })
    .catch((error: unknown) => {
      console.error('Ads could not start', error);
      return null;
    });
  return started;
}
