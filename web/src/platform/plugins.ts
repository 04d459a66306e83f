import type {
  AdsPlugin,
  AppInfoPlugin,
  BannerOptions,
  ContentRating,
  HapticsPlugin,
  NativeGeolocation,
} from './plugin-types';

/**
 * The Capacitor plugins, each loaded on first use with a dynamic import so the web build's first
 * route never carries plugin code. Callers check `isNativePlatform()` first: AdMob's web
 * implementation fakes a consent status and `App.getInfo()` throws on the web.
 *
 * Each loader resolves to a plain adapter object, never to the plugin itself: a Capacitor plugin is
 * a Proxy that answers every property, `then` included, so a promise resolving to it would call
 * `plugin.then()`, which rejects because no such method exists.
 */
export const loadAppPlugin = (): Promise<AppInfoPlugin> =>
  import('@capacitor/app').then(({ App }) => ({ getInfo: () => App.getInfo() }));

/** `appUrlOpen`: a deep link opened the app (the provider sign-in's return, deep-link.ts). */
export const loadAppUrlListener = (): Promise<{ onUrl: (handler: (url: string) => void) => Promise<unknown> }> =>
  import('@capacitor/app').then(({ App }) => ({
    onUrl: (handler) => App.addListener('appUrlOpen', ({ url }) => handler(url)),
  }));

export const loadHapticsPlugin = (): Promise<HapticsPlugin> =>
  import('@capacitor/haptics').then(({ Haptics, ImpactStyle }) => ({
    impact: ({ style }) =>
      Haptics.impact({ style: ImpactStyle[style === 'HEAVY' ? 'Heavy' : style === 'MEDIUM' ? 'Medium' : 'Light'] }),
  }));

export const loadGeolocationPlugin = (): Promise<NativeGeolocation> =>
  import('@capacitor/geolocation').then(({ Geolocation }) => ({
    getCurrentPosition: (options) => Geolocation.getCurrentPosition(options),
  }));

export const loadAdMobPlugin = (): Promise<AdsPlugin> =>
  import('@capacitor-community/admob').then(({ AdMob, BannerAdPosition, BannerAdSize, MaxAdContentRating }) => ({
    initialize: (o: { maxAdContentRating: ContentRating; initializeForTesting: boolean }) =>
      AdMob.initialize({ ...o, maxAdContentRating: MaxAdContentRating[o.maxAdContentRating] }),
    requestConsentInfo: () => AdMob.requestConsentInfo(),
    showConsentForm: () => AdMob.showConsentForm(),
    trackingAuthorizationStatus: () => AdMob.trackingAuthorizationStatus(),
    requestTrackingAuthorization: () => AdMob.requestTrackingAuthorization(),
    showBanner: (o: BannerOptions) =>
      AdMob.showBanner({ ...o, adSize: BannerAdSize[o.adSize], position: BannerAdPosition[o.position] }),
  }));
