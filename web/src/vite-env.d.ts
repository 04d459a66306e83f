/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_STAGING_API_URL?: string;
  readonly VITE_QA_BUILD?: string;
  readonly VITE_REVERSE_GEOCODE_URL?: string;
}
