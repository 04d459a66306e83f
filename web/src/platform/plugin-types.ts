import type { AD_CONTENT_RATINGS } from '@neura/contract';

/**
 * The shapes of the Capacitor plugins this app uses (only the parts it calls). They sit below the
 * bridges and the loaders so that neither imports the other's module for a type.
 */
export type ContentRating = (typeof AD_CONTENT_RATINGS)[number];
export type ConsentStatus = 'REQUIRED' | 'NOT_REQUIRED' | 'OBTAINED' | 'UNKNOWN';
export type TrackingStatus = 'authorized' | 'denied' | 'notDetermined' | 'restricted';

export interface ConsentInfo {
  status: ConsentStatus | string;
  isConsentFormAvailable?: boolean;
  canRequestAds: boolean;
}

export interface BannerOptions {
  adId: string;
  adSize: 'ADAPTIVE_BANNER';
  position: 'BOTTOM_CENTER';
  margin: number;
  isTesting: boolean;
  npa: boolean;
}

/** The part of @capacitor-community/admob's AdMob plugin used here. */
export interface AdsPlugin {
  initialize(options: { maxAdContentRating: ContentRating; initializeForTesting: boolean }): Promise<void>;
  requestConsentInfo(): Promise<ConsentInfo>;
  showConsentForm(): Promise<ConsentInfo>;
  trackingAuthorizationStatus(): Promise<{ status: TrackingStatus }>;
  requestTrackingAuthorization(): Promise<void>;
  showBanner(options: BannerOptions): Promise<void>;
}

export interface AppInfoPlugin {
  getInfo(): Promise<{ id: string; build: string; version: string; name: string }>;
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface NativeGeolocation {
  getCurrentPosition(options: { enableHighAccuracy: boolean; timeout: number }): Promise<{ coords: Coordinates }>;
}

export type ImpactStyle = 'LIGHT' | 'MEDIUM' | 'HEAVY';

export interface HapticsPlugin {
  impact(options: { style: ImpactStyle }): Promise<void>;
}
