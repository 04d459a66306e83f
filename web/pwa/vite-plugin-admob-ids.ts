import type { Plugin } from 'vite';

/** Google's published test publisher: its ids belong to the QA build only (`--mode qa`, web/.env.qa). */
const TEST_PUBLISHER = 'ca-app-pub-3940256099942544';

const BANNER_VARS = ['VITE_ADMOB_BANNER_ANDROID', 'VITE_ADMOB_BANNER_IOS'] as const;

/**
 * The AdMob ids of a build (docs/NATIVE.md "Ads"). Any build but `--mode qa` refuses Google's test
 * ids and `VITE_ADMOB_TESTING`, fails when an emitted file still names the test publisher, and says
 * in the build log when it has no banner ids (then the app shows no ads).
 */
export function admobIds(mode: string, env: Record<string, string | undefined>): Plugin {
  const qa = mode === 'qa';
  return {
    name: 'neura-admob-ids',
    apply: 'build',
    configResolved(config) {
      if (qa) {
        config.logger.info("AdMob: QA build, Google's test ad units (web/.env.qa)");
        return;
      }
      const withTestIds = BANNER_VARS.filter((name) => env[name]?.includes(TEST_PUBLISHER));
      if (withTestIds.length > 0) {
        throw new Error(`${withTestIds.join(', ')}: Google's test ad ids belong to the QA build (--mode qa) only`);
      }
      if (env.VITE_ADMOB_TESTING === 'true') {
        throw new Error('VITE_ADMOB_TESTING=true belongs to the QA build (--mode qa) only');
      }
      const missing = BANNER_VARS.filter((name) => !env[name]?.trim());
      if (missing.length > 0) {
        config.logger.warn(`AdMob: ${missing.join(' and ')} not set: this build shows no ads there (docs/NATIVE.md)`);
      }
    },
    generateBundle(_options, bundle) {
      if (qa) return;
      for (const file of Object.values(bundle)) {
        const text = file.type === 'chunk' ? file.code : String(file.source);
        if (text.includes(TEST_PUBLISHER)) this.error(`${file.fileName} names Google's test ad publisher`);
      }
    },
  };
}
