/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_STAGING_API_URL?: string;
  readonly VITE_QA_BUILD?: string;
  /** Native ads: the maximum ad content rating (General, ParentalGuidance, Teen, MatureAudience). */
  readonly VITE_AD_CONTENT_RATING?: string;
  /** Native ads: the banner ad unit ids (none: no ads on that platform) and test mode (QA build only). */
  readonly VITE_ADMOB_BANNER_ANDROID?: string;
  readonly VITE_ADMOB_BANNER_IOS?: string;
  readonly VITE_ADMOB_TESTING?: string;
  /** Location: a reverse-geocoding endpoint with BigDataCloud's client API shape. */
  readonly VITE_REVERSE_GEOCODE_URL?: string;
  /** Page views: a Plausible-compatible endpoint origin (nothing is sent when unset) and the site domain. */
  readonly VITE_ANALYTICS_URL?: string;
  readonly VITE_ANALYTICS_DOMAIN?: string;
  /** Store links for the store-app banner and /outdated.html. */
  readonly VITE_PLAY_STORE_URL?: string;
  readonly VITE_APP_STORE_URL?: string;
}
