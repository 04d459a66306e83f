import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { admobIdProblems, filesNamingTestPublisher, GOOGLE_TEST_IDS, TEST_PUBLISHER } from './admob-ids.mjs';

const web = path.resolve(import.meta.dirname, '../web');
const readWeb = (file) => (fs.existsSync(path.join(web, file)) ? fs.readFileSync(path.join(web, file), 'utf8') : null);

/** The repo's web/ files with one of them changed. */
const withFile = (name, change) => (file) => (file === name ? change(readWeb(file)) : readWeb(file));

const temps = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('AdMob ids by variant', () => {
  it("should find Google's test ids in the QA variant only, in the repo as it is", () => {
    expect(admobIdProblems(readWeb)).toEqual([]);
  });

  it("should have the QA configuration carry all four of Google's test ids", () => {
    expect(readWeb('.env.qa')).toContain(`VITE_ADMOB_BANNER_ANDROID=${GOOGLE_TEST_IDS.androidBanner}`);
    expect(readWeb('.env.qa')).toContain(`VITE_ADMOB_BANNER_IOS=${GOOGLE_TEST_IDS.iosBanner}`);
    expect(readWeb('android/app/build.gradle')).toContain(GOOGLE_TEST_IDS.androidApp);
    expect(readWeb('ios/qa.xcconfig')).toContain(`ADMOB_APP_ID = ${GOOGLE_TEST_IDS.iosApp}`);
  });

  it('should report a QA web configuration without the test banners', () => {
    const read = withFile('.env.qa', (text) => text.replace(/^VITE_ADMOB_BANNER_IOS=.*$/m, ''));
    expect(admobIdProblems(read)).toEqual(['web/.env.qa: no iOS test banner id']);
  });

  it('should report a test id in a file the production build reads', () => {
    const read = (file) =>
      file === '.env.production' ? `VITE_ADMOB_BANNER_ANDROID=${GOOGLE_TEST_IDS.androidBanner}\n` : readWeb(file);
    expect(admobIdProblems(read)).toEqual(["web/.env.production: Google's test ids belong in web/.env.qa only"]);
  });

  it('should report the test app id in the prod flavor or the shared manifest', () => {
    const gradle = withFile('android/app/build.gradle', (text) =>
      text.replace(
        'manifestPlaceholders = [admobAppId: admobAppIdProd]',
        `manifestPlaceholders = [admobAppId: "${GOOGLE_TEST_IDS.androidApp}"]`,
      ),
    );
    expect(admobIdProblems(gradle)).toEqual([
      'android: the prod flavor does not take admobAppId from the build configuration',
      'android: build.gradle names a test id outside qa',
    ]);
    const manifest = withFile('android/app/src/main/AndroidManifest.xml', (text) =>
      text.replace('$' + '{admobAppId}', GOOGLE_TEST_IDS.androidApp),
    );
    expect(admobIdProblems(manifest)).toEqual([
      'android: the APPLICATION_ID meta-data is not the admobAppId placeholder',
      'android: android/app/src/main/AndroidManifest.xml names a test id',
    ]);
  });

  it("should report the test app id in Info.plist, in prod.xcconfig, or a configuration on the other variant's file", () => {
    const plist = withFile('ios/App/App/Info.plist', (text) => text.replace('$(ADMOB_APP_ID)', GOOGLE_TEST_IDS.iosApp));
    expect(admobIdProblems(plist)).toEqual([
      'ios: GADApplicationIdentifier is not $(ADMOB_APP_ID)',
      'ios: Info.plist names a test id',
    ]);
    const prod = withFile('ios/prod.xcconfig', (text) => `${text}ADMOB_APP_ID = ${GOOGLE_TEST_IDS.iosApp}\n`);
    expect(admobIdProblems(prod)).toEqual(['ios: prod.xcconfig names a test id']);
    const pbxproj = withFile('ios/App/App.xcodeproj/project.pbxproj', (text) =>
      text.replaceAll('/* prod.xcconfig */;', '/* qa.xcconfig */;'),
    );
    expect(admobIdProblems(pbxproj)).toEqual([
      'ios: the Debug configuration (ai.neura.app) is not based on prod.xcconfig',
      'ios: the Release configuration (ai.neura.app) is not based on prod.xcconfig',
    ]);
  });

  it("should list the built files that name Google's test publisher", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-admob-ids-'));
    temps.push(dir);
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<script src="/assets/index.js"></script>');
    fs.writeFileSync(path.join(dir, 'assets/index.js'), 'const ads = () => import("./ads.js");');
    fs.writeFileSync(path.join(dir, 'assets/ads.js'), `export const id = "${TEST_PUBLISHER}/6300978111";`);
    fs.writeFileSync(
      path.join(dir, 'assets/ads.js.map'),
      JSON.stringify({ sourcesContent: [GOOGLE_TEST_IDS.iosBanner] }),
    );
    expect(filesNamingTestPublisher(dir)).toEqual([path.join('assets', 'ads.js'), path.join('assets', 'ads.js.map')]);
    fs.rmSync(path.join(dir, 'assets/ads.js'));
    fs.rmSync(path.join(dir, 'assets/ads.js.map'));
    expect(filesNamingTestPublisher(dir)).toEqual([]);
  });
});
