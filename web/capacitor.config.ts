import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The native shell (docs/NATIVE.md). `appId` is read only when a platform is added: the QA variant
 * (`ai.neura.app.qa`) is the Android product flavor `qa` and the iOS scheme `App QA`, not a config.
 */
const config: CapacitorConfig = {
  appId: 'ai.neura.app',
  appName: 'Neura',
  webDir: 'dist',
  android: { buildOptions: { releaseType: 'APK' } },
};

export default config;
